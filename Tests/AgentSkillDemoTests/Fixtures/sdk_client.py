"""The official MCP Python SDK's client (mcp 2.x) driving an MCP server, for AgentSkillDemoTests.

    python3 sdk_client.py [--mode auto|legacy] SCENARIO COMMAND [ARGS...]
    python3 sdk_client.py [--mode auto|legacy] SCENARIO --http URL [--token TOKEN]

connects in the given mode (default legacy: the initialize handshake; auto: the server/discover probe, revision
2026-07-28 when the server speaks it), starts COMMAND as the server and talks to it over stdio (the server's stderr passes through to this script's
stderr), or connects to the Streamable HTTP endpoint URL, sending "Authorization: Bearer TOKEN" when given;
then runs SCENARIO and prints one JSON object on stdout. Scenarios:

    list                   the server's name and tools
    weather                weather in Beijing
    invalid                weather in a city the server does not know, then in Shanghai
    unknown                a tool the server does not have
    progress               ledger_query with a progress callback
    reminder-accept        create_reminder; the client confirms through elicitation
    reminder-decline       create_reminder; the client declines through elicitation
    reminder-unconfirmable create_reminder from a client that did not declare elicitation
"""

import asyncio
import json
import sys

import mcp_types as types
from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client
from mcp.shared.exceptions import MCPError

REMINDER = {"title": "call mom", "at": "2026-03-07T09:00:00+08:00", "language": "en"}


def result_json(result: types.CallToolResult) -> dict:
    return {
        "isError": bool(result.is_error),
        "text": [block.text for block in result.content if isinstance(block, types.TextContent)],
        "structured": result.structured_content,
    }


async def reminders(session: Client) -> list[str]:
    listed = await session.call_tool("list_reminders", {"language": "en"})
    return [block.text for block in listed.content if isinstance(block, types.TextContent)]


def transport(target: list[str]):
    """The transport to the server: `--http URL [--token TOKEN]`, or a command over stdio."""
    if target[0] == "--http":
        url = target[1]
        rest = target[2:]
        headers = {}
        if rest[:1] == ["--token"]:
            headers["Authorization"] = f"Bearer {rest[1]}"
            rest = rest[2:]
        if rest:
            raise SystemExit(f"unexpected arguments after the URL: {rest}")
        return streamable_http_client(url, http_client=create_mcp_http_client(headers=headers))
    return stdio_client(StdioServerParameters(command=target[0], args=target[1:]))


async def run(scenario: str, target: list[str], mode: str) -> dict:
    elicitations: list[str] = []

    async def elicit(context, params: types.ElicitRequestParams) -> types.ElicitResult:
        elicitations.append(params.message)
        action = "accept" if scenario == "reminder-accept" else "decline"
        return types.ElicitResult(action=action, content={} if action == "accept" else None)

    callback = elicit if scenario in ("reminder-accept", "reminder-decline") else None
    async with Client(transport(target), mode=mode, elicitation_callback=callback) as session:
        output: dict = {"server": session.server_info.name, "protocolVersion": session.protocol_version}
        if scenario == "list":
            tools = (await session.list_tools()).tools
            output["tools"] = [tool.name for tool in tools]
            output["required"] = {tool.name: tool.input_schema.get("required", []) for tool in tools}
            output["destructive"] = [
                tool.name for tool in tools if tool.annotations and tool.annotations.destructive_hint
            ]
            output["outputSchemas"] = {tool.name: tool.output_schema for tool in tools if tool.output_schema}
        elif scenario == "weather":
            output["result"] = result_json(await session.call_tool("weather", {"city": "北京", "language": "zh"}))
        elif scenario == "invalid":
            output["result"] = result_json(await session.call_tool("weather", {"city": "Atlantis"}))
            output["after"] = result_json(await session.call_tool("weather", {"city": "Shanghai", "language": "en"}))
        elif scenario == "unknown":
            try:
                output["result"] = result_json(await session.call_tool("no_such_tool", {}))
            except MCPError as error:
                output["error"] = {"code": error.code, "message": error.message}
        elif scenario == "progress":
            updates: list[list] = []

            async def progress(value: float, total: float | None, message: str | None) -> None:
                updates.append([value, total])

            result = await session.call_tool(
                "ledger_query", {"from": "2026-03-02", "to": "2026-03-06"}, progress_callback=progress
            )
            output["result"] = result_json(result)
            output["progress"] = updates
        elif scenario.startswith("reminder-"):
            try:
                output["result"] = result_json(await session.call_tool("create_reminder", REMINDER))
            except MCPError as error:
                output["error"] = {"code": error.code, "message": error.message}
            output["elicitations"] = elicitations
            output["reminders"] = await reminders(session)
        else:
            raise SystemExit(f"unknown scenario {scenario!r}")
        return output


def main() -> None:
    args = sys.argv[1:]
    mode = "legacy"
    if args[:1] == ["--mode"]:
        mode, args = args[1], args[2:]
    if len(args) < 2:
        raise SystemExit(__doc__)
    print(json.dumps(asyncio.run(run(args[0], args[1:], mode)), ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
