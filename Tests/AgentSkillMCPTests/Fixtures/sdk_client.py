"""Drives an MCP server with the official Python SDK's ClientSession (mcp 2.x), for AgentSkillMCP's server tests.

The server under test is the process that started this script: the session speaks MCP on this script's
stdin and stdout. The findings go to stderr as one line: RESULT {json}.

Usage: python3 sdk_client.py plain|accept|decline
"""

import json
import sys

import anyio
from mcp import ClientSession, types
from mcp.server.stdio import stdio_server


def dump(result):
    return {
        "isError": bool(result.is_error),
        "text": "\n".join(block.text for block in result.content if isinstance(block, types.TextContent)),
        "structured": result.structured_content,
    }


async def main(mode):
    findings = {}
    elicitations = []

    async def elicit(context, params):
        elicitations.append(params.message)
        return types.ElicitResult(action="accept" if mode == "accept" else "decline")

    async with stdio_server() as (read, write):
        callback = None if mode == "plain" else elicit
        async with ClientSession(read, write, elicitation_callback=callback) as session:
            init = await session.initialize()
            findings["server"] = {"name": init.server_info.name, "version": init.server_info.version}
            findings["protocolVersion"] = init.protocol_version
            await session.send_ping()
            listed = await session.list_tools()
            findings["tools"] = [
                {"name": tool.name, "description": tool.description, "inputSchema": tool.input_schema}
                for tool in listed.tools
            ]
            findings["nextCursor"] = listed.next_cursor
            findings["echo"] = dump(await session.call_tool("echo", {"text": "你好"}))
            findings["weather"] = dump(await session.call_tool("weather", {"city": "北京"}))
            findings["invalid"] = dump(await session.call_tool("weather", {"city": "纽约"}))
            try:
                await session.call_tool("no_such_tool", {})
                findings["unknown"] = "answered"
            except Exception as error:  # the SDK raises MCPError for a JSON-RPC error
                findings["unknown"] = {"type": type(error).__name__, "message": str(error)}
            findings["confirm"] = dump(await session.call_tool("reminder_create", {"title": "周会"}))
            findings["elicitations"] = elicitations
    print("RESULT " + json.dumps(findings, ensure_ascii=False), file=sys.stderr, flush=True)


anyio.run(main, sys.argv[1] if len(sys.argv) > 1 else "plain")
