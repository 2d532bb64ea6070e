"""The official MCP Python SDK's client (mcp 2.x) driving an MCP server, for AgentSkillDemoTests.

    python3 sdk_client.py SCENARIO COMMAND [ARGS...]
    python3 sdk_client.py SCENARIO --http URL [--token TOKEN]

starts COMMAND as the server and talks to it over stdio (the server's stderr passes through to this script's
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
from contextlib import asynccontextmanager

import mcp_types as types
from mcp.client.session import ClientSession
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


async def reminders(session: ClientSession) -> list[str]:
    listed = await session.call_tool("list_reminders", {"language": "en"})
    return [block.text for block in listed.content if isinstance(block, types.TextContent)]


@asynccontextmanager
async def connect(target: list[str]):
    """The read and write streams to the server: `--http URL [--token TOKEN]`, or a command over stdio."""
    if target[0] == "--http":
        url = target[1]
        rest = target[2:]
        headers = {}
        if rest[:1] == ["--token"]:
            headers["Authorization"] = f"Bearer {rest[1]}"
            rest = rest[2:]
        if rest:
            raise SystemExit(f"unexpected arguments after the URL: {rest}")
        async with create_mcp_http_client(headers=headers) as http:
            async with streamable_http_client(url, http_client=http) as (read, write):
                yield read, write
    else:
        server = StdioServerParameters(command=target[0], args=target[1:])
        async with stdio_client(server) as (read, write):
            yield read, write


async def run(scenario: str, target: list[str]) -> dict:
    elicitations: list[str] = []

    async def elicit(context, params: types.ElicitRequestParams) -> types.ElicitResult:
        elicitations.append(params.message)
        action = "accept" if scenario == "reminder-accept" else "decline"
        return types.ElicitResult(action=action, content={} if action == "accept" else None)

    callback = elicit if scenario in ("reminder-accept", "reminder-decline") else None
    async with connect(target) as (read, write):
        async with ClientSession(read, write, elicitation_callback=callback) as session:
            initialized = await session.initialize()
            output: dict = {"server": initialized.server_info.name, "protocolVersion": initialized.protocol_version}
            if scenario == "list":
                tools = (await session.list_tools()).tools
                output["tools"] = [tool.name for tool in tools]
                output["required"] = {tool.name: tool.input_schema.get("required", []) for tool in tools}
                output["destructive"] = [
                    tool.name for tool in tools if tool.annotations and tool.annotations.destructive_hint
                ]
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
                output["result"] = result_json(await session.call_tool("create_reminder", REMINDER))
                output["elicitations"] = elicitations
                output["reminders"] = await reminders(session)
            else:
                raise SystemExit(f"unknown scenario {scenario!r}")
            return output


def main() -> None:
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    print(json.dumps(asyncio.run(run(sys.argv[1], sys.argv[2:])), ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
