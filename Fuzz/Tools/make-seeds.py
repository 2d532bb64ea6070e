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

# --- MCP over stdio: JSON-RPC lines a client writes ------------------------------------------------------------
def rpc(id=None, method=None, params=None, **members):
    message = {"jsonrpc": "2.0"}
    if id is not None:
        message["id"] = id
    if method is not None:
        message["method"] = method
    if params is not None:
        message["params"] = params
    message.update(members)
    return message

initialize = rpc(1, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                   "clientInfo": {"name": "fuzz-client", "version": "1.0"}})
initialize_eliciting = rpc(1, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {"elicitation": {}},
                                             "clientInfo": {"name": "c", "version": "1"}})
initialized = rpc(method="notifications/initialized")
calls = [
    rpc(2, "tools/list"), rpc(3, "tools/list", {"cursor": "2"}), rpc(4, "tools/list", {"cursor": "zz"}),
    rpc(5, "tools/call", {"name": "echo", "arguments": {"text": "你好"}}),
    rpc(6, "tools/call", {"name": "weather", "arguments": {"city": "北京"}}),
    rpc(7, "tools/call", {"name": "weather", "arguments": {"city": "Paris"}}),
    rpc(8, "tools/call", {"name": "echo", "arguments": {"text": 7}}),
    rpc(9, "tools/call", {"name": "steps", "arguments": {"text": "x"}, "_meta": {"progressToken": "p1"}}),
    rpc(10, "tools/call", {"name": "steps", "arguments": {"text": "fail"}}),
    rpc(11, "tools/call", {"name": "hidden", "arguments": {"text": "x"}}),
    rpc(12, "tools/call", {"name": "nope"}), rpc(13, "tools/call", {"arguments": {}}),
    rpc("s-1", "ping"), rpc(14, "resources/list"),
]
def lines(messages, newline="\n"):
    return "".join((m if isinstance(m, str) else dumps(m)) + newline for m in messages)

write("FuzzMCPFraming", lines([initialize, initialized] + calls))
# Revision 2026-07-28: no handshake, every request names the revision and the client in _meta.
modern_meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
               "io.modelcontextprotocol/clientInfo": {"name": "fuzz-client", "version": "1.0"},
               "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}}}
no_elicitation = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                  "io.modelcontextprotocol/clientCapabilities": {}}
confirm = {"name": "reminder_create", "arguments": {"text": "买牛奶"}, "_meta": modern_meta}
write("FuzzMCPFraming", lines([
    rpc(1, "server/discover", {"_meta": modern_meta}),
    rpc(2, "tools/list", {"_meta": modern_meta}), rpc(3, "tools/list", {"cursor": "2", "_meta": modern_meta}),
    rpc(4, "tools/call", {"name": "echo", "arguments": {"text": "你好"}, "_meta": modern_meta}),
    rpc(5, "tools/call", dict(confirm)),
    rpc(6, "tools/call", dict(confirm, inputResponses={"confirm": {"action": "accept", "content": {}}},
                              requestState="confirm:eyJ0b29sIjoicmVtaW5kZXJfY3JlYXRlIiwiYXJndW1lbnRzIjp7InRleHQiOiLkubDniZvlpbYifX0=")),
    rpc(7, "tools/call", dict(confirm, inputResponses={"confirm": {"action": "decline"}}, requestState="x")),
    rpc(8, "tools/call", {"name": "reminder_create", "arguments": {"text": "x"}, "_meta": no_elicitation}),
    rpc(9, "tools/call", {"name": "steps", "arguments": {"text": "x"},
                          "_meta": dict(modern_meta, progressToken="p9",
                                        traceparent="00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01")}),
]))
write("FuzzMCPFraming", lines([
    rpc(1, "tools/list", {"_meta": {"io.modelcontextprotocol/protocolVersion": "2099-01-01",
                                    "io.modelcontextprotocol/clientCapabilities": {}}}),
    rpc(2, "tools/list", {"_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}}),
    rpc(3, "server/discover"), rpc(4, "resources/list", {"_meta": modern_meta}),
    initialize, rpc(5, "tools/list", {"_meta": modern_meta}), rpc(6, "tools/list"),
]))

write("FuzzMCPFraming", lines([initialize_eliciting, initialized,
                               rpc(2, "tools/call", {"name": "reminder_create", "arguments": {"text": "买牛奶"}})]))
write("FuzzMCPFraming", lines([initialize, rpc(2, "tools/call", {"name": "reminder_create", "arguments": {"text": "x"}})],
                              "\r\n"))
for message in [initialize, initialized] + calls:
    write("FuzzMCPFraming", dumps(message) + "\n")
# Batches: mixed, with an invalid element, an empty one, a reused id, a cancellation of a request in the batch.
write("FuzzMCPFraming", dumps([rpc(1, "ping"), initialized, rpc(2, "tools/list"), 7]) + "\n")
write("FuzzMCPFraming", "[]\n")
write("FuzzMCPFraming", dumps([rpc(1, "tools/call", {"name": "echo", "arguments": {"text": "a"}}), rpc(1, "ping")]) + "\n")
write("FuzzMCPFraming", dumps([rpc(1, "tools/call", {"name": "steps", "arguments": {"text": "a"}}),
                               rpc(method="notifications/cancelled", params={"requestId": 1})]) + "\n")
# Responses from the client, and malformed lines.
write("FuzzMCPFraming", lines([rpc(1, result={"action": "accept"}), rpc(None, error={"code": -32700, "message": "x"}),
                               {"jsonrpc": "2.0", "id": None, "error": {"code": 1, "message": "m"}}]))
for text in ["this is not json", '{"jsonrpc":"1.0","id":1,"method":"ping"}', '{"jsonrpc":"2.0","id":[1],"method":"ping"}',
             '{"jsonrpc":"2.0","id":null,"method":"ping"}', '{"jsonrpc":"2.0","id":1,"method":42}',
             '{"jsonrpc":"2.0","id":1,"method":"ping","params":"x"}', '{"jsonrpc":"2.0","id":1}', '"hello"',
             '{"jsonrpc":"2.0","id":1,"method":"ping"', '{"jsonrpc":"2.0","id":1.5,"method":"ping"}',
             '{"jsonrpc":"2.0","id":5.0,"method":"ping"}', '{"jsonrpc":"2.0","result":{}}']:
    write("FuzzMCPFraming", text + "\n")
# Line endings: CRLF, blank and CR-only lines, a last line without a newline or ending in CR, an over-long line.
write("FuzzMCPFraming", "\n  \n\r\n\r\r\n" + dumps(rpc(1, "ping")) + "\r\n\t\n")
write("FuzzMCPFraming", dumps(rpc(1, "ping")))
write("FuzzMCPFraming", dumps(rpc(1, "ping")) + "\r")
write("FuzzMCPFraming", dumps(rpc(1, "tools/call", {"name": "echo", "arguments": {"text": "x" * 1100}})) + "\n"
      + dumps(rpc(2, "ping")) + "\n")

# --- Timeline pages: timelines as the demo exports them --------------------------------------------------------
write("FuzzTimelineHTML", json.dumps(timeline, ensure_ascii=False, indent=2))
write("FuzzTimelineHTML", dumps(small))
def entry(sequence, offset, kind, **fields):
    value = {"sequence": sequence, "offsetMs": offset, "kind": kind}
    value.update(fields)
    return value
chat_call = ('callFinished(1.1, AgentSkillLLM.ChatToolCall(id: "call_1", name: "weather", skillID: Optional("weather"), '
             'displayName: "天气查询", arguments: {"city":"北京"}, status: AgentSkillLLM.ChatToolCall.Status.succeeded, '
             'duration: Optional(0.004 seconds), error: nil), result: nil)')
chat = dict(timeline, agent="Assistant-1a2b", contextSnapshots="notEncodable", effectEncoding="notEncodable", entries=[
    entry(1, 0.2, "skillMounted", skill="ChatTurnSkill"),
    entry(2, 1.0, "intentReceived", run=1, intent='send(text: "北京天气怎么样", turn: 1)'),
    entry(3, 1.0, "skillChosen", run=1, skill="ChatTurnSkill"),
    entry(4, 1.0, "skillStarted", run=1, skill="ChatTurnSkill"),
    entry(5, 2.0, "effectApplied", run=1, effect="transition(selectingSkill)"),
    entry(6, 2.5, "effectApplied", run=1, effect='turnStarted(turn: 1, text: "北京天气怎么样")'),
    entry(7, 3.0, "effectApplied", run=1, effect="transition(executing(weather))"),
    entry(8, 3.5, "effectApplied", run=1,
          effect='modelAttempt(AgentSkillLLM.ProviderAttempt(number: 1, status: 429, duration: 0.3 seconds, '
                 'waitBeforeRetry: Optional(2.0 seconds), message: Optional("Rate limit reached")))'),
    entry(9, 8.0, "effectApplied", run=1, effect=chat_call),
    entry(10, 8.5, "effectApplied", run=1,
          effect='appendMessage(AgentSkillLLM.ChatAgentMessage(id: 1.2, role: .assistant, text: "北京今天多云", '
                 'toolCalls: [], isStreaming: false))'),
    entry(11, 9.0, "effectApplied", run=1, effect="transition(responding)"),
    entry(12, 12.0, "effectApplied", run=1, effect="turnFinished"),
    entry(13, 12.5, "skillFinished", run=1, skill="ChatTurnSkill", durationMs=11.5),
    entry(14, 13.0, "intentReceived", run=2, intent='send(text: "<script>alert(1)</script>", turn: 2)'),
    entry(15, 13.0, "skillStarted", run=2, skill="ChatTurnSkill"),
    entry(16, 14.0, "effectApplied", run=2,
          effect='turnFailed(AgentSkillLLM.LanguageModelError.http(status: 401, message: "Incorrect API key \\"sk\\" & <b>"))'),
    entry(17, 14.5, "skillFailed", run=2, skill="ChatTurnSkill", durationMs=1.5, message="HTTP 401 <b>\"'&"),
    entry(18, 15.0, "intentReceived", run=3, intent="cancel"),
    entry(19, 15.0, "skillStarted", run=3, skill="B"),
    entry(20, 15.0, "skillStarted", run=3, skill="A"),
    entry(21, 15.5, "skillStarted", run=4, skill="A"),
    entry(22, 16.0, "skillCancelled", run=5, skill="C", durationMs=0.5, message="cancelled"),
    entry(23, 16.5, "effectDropped", run=3, effect="transition(idle)", message="dropped"),
])
write("FuzzTimelineHTML", json.dumps(chat, ensure_ascii=False, indent=1))
# Text the page must escape even where it shares a character with a mark or a prefix (U+0301, U+0600).
hostile = dict(chat, agent="A\u0600<script>alert(1)</script>\"\u0301'", entries=[
    entry(1, 0.0, "intentReceived", run=1, intent="\u0600<img src=x>\"\u0301"),
    entry(2, 0.0, "skillStarted", run=1, skill="\"\u0301><script>"),
    entry(3, 2.0, "skillFailed", run=1, skill="\"\u0301><script>", durationMs=2, message="\u0600<b>&amp;"),
])
write("FuzzTimelineHTML", json.dumps(hostile, ensure_ascii=False))
