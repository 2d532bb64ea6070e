#!/usr/bin/env python3
"""Writes the seed corpus under Fuzz/Corpus/<target>/ (run from anywhere; rerun after changing it).

Seeds are small valid inputs each target's parser accepts — vendor payloads and streams, the JSON-Schema-Test-Suite
cases kept in Tests/AgentSkillLLMTests/Fixtures, manifests, timelines, HTTP requests — plus a few known-hard ones.
"""
import hashlib, json, os, shutil

here = os.path.dirname(os.path.abspath(__file__))
fuzz = os.path.dirname(here)
root = os.path.dirname(fuzz)
corpus = os.path.join(fuzz, "Corpus")

def write(target, data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    folder = os.path.join(corpus, target)
    os.makedirs(folder, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)

for target in os.listdir(corpus) if os.path.isdir(corpus) else []:
    shutil.rmtree(os.path.join(corpus, target))

def dumps(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

# --- Vendor payloads -------------------------------------------------------------------------------------------
def openai_chunk(delta, finish=None, usage=None):
    chunk = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m",
             "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    if usage:
        chunk["usage"] = usage
    return chunk

def openai_stream(chunks, crlf=False):
    nl = "\r\n" if crlf else "\n"
    return "".join("data: " + dumps(c) + nl + nl for c in chunks) + "data: [DONE]" + nl + nl

def anthropic_stream(events):
    return "".join("event: %s\ndata: %s\n\n" % (e["type"], dumps(e)) for e in events)

openai_streams = [
    [openai_chunk({"role": "assistant", "content": "你好"}), openai_chunk({"content": "，世界"}),
     openai_chunk({}, "stop", {"prompt_tokens": 3, "completion_tokens": 2})],
    [openai_chunk({"role": "assistant", "tool_calls": [{"index": 0, "id": "call_a", "type": "function",
                                                        "function": {"name": "get_weather", "arguments": ""}}]}),
     openai_chunk({"tool_calls": [{"index": 0, "function": {"arguments": "{\"ci"}}]}),
     openai_chunk({"tool_calls": [{"index": 0, "function": {"arguments": "ty\": \"北京\"}"}}]}),
     openai_chunk({}, "tool_calls")],
    # Parallel calls at one index (vLLM, sglang).
    [openai_chunk({"tool_calls": [{"index": 0, "id": "a", "function": {"name": "get_weather", "arguments": "{\"city\":\"A\"}"}}]}),
     openai_chunk({"tool_calls": [{"index": 0, "id": "b", "function": {"name": "search", "arguments": "{\"q\":1}"}}]}),
     openai_chunk({}, "tool_calls")],
    # Ollama: whole calls, object arguments, no ids.
    [openai_chunk({"tool_calls": [{"function": {"name": "get_weather", "arguments": {"city": "Paris"}}}]}),
     openai_chunk({"tool_calls": [{"function": {"name": "get_weather", "arguments": {"city": "Rome"}}}]}),
     openai_chunk({}, "stop")],
    # DashScope: empty ids repeated, name repeated.
    [openai_chunk({"tool_calls": [{"index": 0, "id": "", "function": {"name": "get_weather", "arguments": "{\"city\""}}]}),
     openai_chunk({"tool_calls": [{"index": 0, "id": "", "function": {"name": "get_weather", "arguments": ": \"x\"}"}}]}),
     openai_chunk({}, "tool_calls")],
    # Python-literal and double-encoded arguments; legacy function_call.
    [openai_chunk({"tool_calls": [{"index": 0, "id": "p", "function": {"name": "get_weather", "arguments": "{'city': 'Oslo', 'metric': True}"}}]}),
     openai_chunk({"tool_calls": [{"index": 1, "id": "q", "function": {"name": "get_weather", "arguments": "\"{\\\"city\\\": \\\"Rome\\\"}\""}}]}),
     openai_chunk({}, "tool_calls")],
    [openai_chunk({"function_call": {"name": "get_weather", "arguments": "{\"city\": \"Lima\"}"}}), openai_chunk({}, "function_call")],
    # Calls written as text.
    [openai_chunk({"content": "我来查一下。<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"北京\"}}\n</tool_call>"}),
     openai_chunk({}, "stop")],
    [openai_chunk({"content": "[TOOL_CALLS]get_weather[ARGS]{\"city\": \"Paris\"}"}), openai_chunk({}, "stop")],
    [openai_chunk({"content": "{\"name\": \"get_weather\", \"parameters\": {\"city\": \"Paris\"}}"}), openai_chunk({}, "stop")],
    [{"error": {"type": "rate_limit", "message": "slow down"}}],
]
anthropic_events = [
    {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant", "content": [],
                                          "usage": {"input_tokens": 10, "cache_read_input_tokens": 90, "output_tokens": 1}}},
    {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Let me check."}},
    {"type": "content_block_stop", "index": 0},
    {"type": "content_block_start", "index": 1, "content_block": {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {}}},
    {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": "{\"city\": \"上"}},
    {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": "海\"}"}},
    {"type": "content_block_stop", "index": 1},
    {"type": "ping"},
    {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 20}},
    {"type": "message_stop"},
]
anthropic_thinking = [
    {"type": "message_start", "message": {"id": "m", "content": [], "usage": {"input_tokens": 1}}},
    {"type": "content_block_start", "index": 0, "content_block": {"type": "thinking", "thinking": ""}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "thinking_delta", "thinking": "hmm"}},
    {"type": "content_block_stop", "index": 0},
    {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
]
streams = [openai_stream(s) for s in openai_streams] + [openai_stream(openai_streams[1], crlf=True)]
streams += [anthropic_stream(anthropic_events), anthropic_stream(anthropic_thinking)]
for s in streams:
    write("FuzzSSEParser", s)
    write("FuzzToolCallAssembly", s)
for s in [
    "\ufeffdata: a\n\n", ": comment\nid: 7\nretry: 3000\nevent: ping\ndata\ndata: x\r\n\r\n", "data:a\rdata:b\r\r",
    "id: \x00\ndata: z\n\nretry: 99999999999999999999\ndata: \xe4\xbd\n\n".encode("latin-1"),
]:
    write("FuzzSSEParser", s)
whole_responses = [
    {"choices": [{"index": 0, "message": {"role": "assistant", "content": "hi"}, "finish_reason": "stop"}],
     "usage": {"prompt_tokens": 1, "completion_tokens": 1}},
    {"id": "msg_1", "type": "message", "content": [{"type": "text", "text": "hi"},
     {"type": "tool_use", "id": "t", "name": "get_weather", "input": {"city": "x"}}], "stop_reason": "tool_use",
     "usage": {"input_tokens": 3, "output_tokens": 4}},
]

# --- JSON ------------------------------------------------------------------------------------------------------
json_texts = [
    '{"city": "北京", "days": 3, "metric": true, "note": null}', "[1, 2.5, -0, 1e10, -1.5E-3, 0.1]",
    '"\\u00e9\\ud83d\\ude00\\n\\t\\"\\\\\\/"', "  true ", "null", "9223372036854775807", "-9223372036854775808",
    "12345678901234567890", "1e400", '{"a":{"b":[{"c":[]}]}}', "[" * 40 + "]" * 40, '"\\ud800"', "\ufeff{}",
    '{"a":1,"a":2}', "[1,]", "{'a': 1}", "01", "1.", "[1 2]",
] + [dumps(c) for stream in openai_streams for c in stream] + [dumps(e) for e in anthropic_events]
json_texts += [dumps(r) for r in whole_responses]

# --- JSON Schema -----------------------------------------------------------------------------------------------
suite = os.path.join(root, "Tests", "AgentSkillLLMTests", "Fixtures", "json-schema-test-suite")
for name in sorted(os.listdir(suite)):
    if not name.endswith(".json"):
        continue
    with open(os.path.join(suite, name), encoding="utf-8") as f:
        groups = json.load(f)
    for group in groups:
        schema = dumps(group["schema"])
        json_texts.append(schema)
        for test in group["tests"][:4]:
            write("FuzzSchemaValidator", schema + "\n---\n" + dumps(test["data"]))
for pair in [
    ({"type": "string", "pattern": "^(a+)+$"}, "a" * 40 + "!"),
    ({"type": "string", "pattern": "(x+x+)+y"}, "x" * 40),
    ({"$defs": {"a": {"anyOf": [{"$ref": "#/$defs/a"}, {"$ref": "#/$defs/a"}]}}, "$ref": "#/$defs/a"}, 1),
    ({"$defs": {"n": {"type": "array", "items": {"$ref": "#/$defs/n"}}}, "$ref": "#/$defs/n"}, [[[[[[[]]]]]]]),
    ({"type": "object", "properties": {"city": {"type": "string", "enum": ["北京", "上海"]},
      "days": {"type": "integer", "minimum": 1, "maximum": 7}}, "required": ["city"],
      "patternProperties": {"^x-": {"type": "string", "format": "date"}}, "additionalProperties": False},
     {"city": "巴黎", "days": 9, "x-a": 1}),
    ({"uniqueItems": True, "contains": {"multipleOf": 0.01}, "minContains": 2}, [1, 1.0, 0.5, 0.02]),
]:
    write("FuzzSchemaValidator", dumps(pair[0]) + "\n---\n" + dumps(pair[1]))
for text in json_texts:
    write("FuzzJSONParser", text)

# --- Tool calls written as text --------------------------------------------------------------------------------
for text in [
    '我来查一下。\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "北京"}}\n</tool_call>',
    '<tool_call>{"name": "a", "arguments": {}}</tool_call><tool_call>{"name": "b", "arguments": "{\\"x\\": 1}"}',
    "<tool_call><function=get_weather><parameter=city>北京</parameter><parameter=days>3</parameter></function></tool_call>",
    '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "search", "arguments": {}}]',
    '[TOOL_CALLS]get_weather[CALL_ID]abc123456[ARGS]{"city": "Paris"}',
    "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{\"city\": \"北京\"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>",
    '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}',
    '```json\n{"name": "get_weather", "parameters": {"city": "Paris"}}\n```',
    '[{"type": "function", "function": {"name": "search", "arguments": "{\\"q\\": \\"x\\"}"}}]',
    "{'city': '北京', 'metric': True, 'unit': None, 'list': [1, 2,],}", '"{\\"city\\": \\"Rome\\"}"',
    'Sure: {"city": "Paris"} I hope this helps', "   ", "null", "[1, 2]", "{\"a\": ", "See <tool_call> below",
]:
    write("FuzzToolCallText", text)

# --- Skill manifests -------------------------------------------------------------------------------------------
for text in [
    '{"version": 1, "minimumLibraryVersion": "0.1.0", "skills": [{"id": "weather", "enabled": true, '
    '"screens": {"chat": {"displayName": "天气", "description": "查询城市天气"}}}, {"id": "ledger_query", "enabled": false}]}',
    '{"version": 1, "skills": [{"id": "notes", "screens": {"chat": {"displayName": {"default": "笔记", "en": "Notes"}}}}]}',
    '{"version": 1, "skills": [{"id": "weather", "minimumLibraryVersion": "0.0.1"}, {"id": "notes", "minimumLibraryVersion": "2.0.0-beta.1+build.5"}]}',
    '{"version": 2, "extra": 1, "skills": [{"id": "notes", "enable": false}, {"id": "notes"}]}',
    '{"version": 1, "skills": [{"id": 3}]}', '{"skills": []}', "[]", '{"version": 1,\n "skills": [\n  {"id": "a",}\n]}',
]:
    write("FuzzSkillManifest", text)

# --- Timelines -------------------------------------------------------------------------------------------------
timeline = {
    "schemaVersion": 1, "agent": "MessageAgent-8a2b", "startedAt": "2026-03-01T09:30:00Z", "capacity": 1000,
    "evictedEntries": 0, "evictedEffects": 0, "contextSnapshots": "captured", "effectEncoding": "json",
    "initialContext": {"messages": [], "phase": {"idle": {}}},
    "finalContext": {"messages": ["a"], "phase": {"loaded": {}}},
    "entries": [
        {"sequence": 1, "offsetMs": 0.004, "kind": "intentReceived", "run": 1, "intent": "load"},
        {"sequence": 2, "offsetMs": 0.006, "kind": "skillChosen", "run": 1, "skill": "CacheSkill", "skills": ["NetworkSkill"]},
        {"sequence": 3, "offsetMs": 0.007, "kind": "skillStarted", "run": 1, "skill": "CacheSkill"},
        {"sequence": 4, "offsetMs": 0.9, "kind": "effectApplied", "run": 1, "effect": "setLoading(\"Loading…\")",
         "effectJSON": {"setLoading": {"_0": "Loading…"}}},
        {"sequence": 5, "offsetMs": 1.0, "kind": "contextChanged", "run": 1, "context": {"messages": [], "n": 1.5}},
        {"sequence": 6, "offsetMs": 12.5, "kind": "skillFinished", "run": 1, "skill": "CacheSkill", "durationMs": 12.49},
        {"sequence": 7, "offsetMs": 13, "kind": "unhandled", "run": 2, "message": "no skill handled load", "origin": 1},
    ],
}
write("FuzzTimeline", json.dumps(timeline, ensure_ascii=False, indent=2))
write("FuzzTimeline", dumps({"schemaVersion": 2}))
small = dict(timeline, entries=[], contextSnapshots="disabled", effectEncoding="notEncodable")
small.pop("initialContext"); small.pop("finalContext")
write("FuzzTimeline", dumps(small))

# --- HTTP requests ---------------------------------------------------------------------------------------------
body = dumps({"model": "m", "messages": [{"role": "user", "content": "hi"}], "stream": True})
for request in [
    "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
    % (len(body.encode()), body),
    "GET /v1/models HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    "\r\nGET / HTTP/1.0\nConnection: keep-alive\n\n",
    "POST /v1/messages HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\nExpect: 100-continue\r\n\r\n"
    "5;ext=1\r\nhello\r\n0006\r\n world\r\n0\r\nTrailer: x\r\n\r\n",
    "POST / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabcGET / HTTP/1.1\r\n\r\n",
    "POST / HTTP/1.1\r\nContent-Length: +3\r\n\r\nabc", "GET / HTTP/2\r\n\r\n", "GET  / HTTP/1.1\r\n\r\n",
]:
    write("FuzzHTTPRequest", request)
