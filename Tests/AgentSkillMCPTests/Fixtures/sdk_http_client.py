"""The official Python SDK's Streamable HTTP client (mcp 2.x) against an AgentSkill MCPHTTPServer.

Run: python3 sdk_http_client.py URL TOKEN   (TOKEN "-" for none)
Prints one JSON object with what the server answered, then ends the session (DELETE) and exits.
"""

import asyncio
import json
import sys

from mcp import ClientSession, MCPError
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client


def text_of(result):
    return "".join(getattr(item, "text", "") for item in result.content)


async def main(url: str, token: str) -> None:
    headers = {} if token == "-" else {"Authorization": f"Bearer {token}"}
    report = {}
    async with create_mcp_http_client(headers=headers) as http:
        async with streamable_http_client(url, http_client=http) as (read, write):
            async with ClientSession(read, write) as session:
                initialized = await session.initialize()
                report["server"] = initialized.server_info.name
                report["protocol"] = initialized.protocol_version
                tools = await session.list_tools()
                report["tools"] = [tool.name for tool in tools.tools]
                echo = await session.call_tool("echo", {"text": "你好"})
                report["echo"] = {"isError": bool(echo.is_error), "text": text_of(echo)}
                weather = await session.call_tool("weather", {"city": "北京"})
                report["weather"] = {"isError": bool(weather.is_error), "text": text_of(weather)}
                invalid = await session.call_tool("weather", {"city": "Paris"})
                report["invalid"] = {"isError": bool(invalid.is_error), "text": text_of(invalid)}
                try:
                    unknown = await session.call_tool("no_such_tool", {})
                    report["unknown"] = {"isError": bool(unknown.is_error), "text": text_of(unknown)}
                except MCPError as error:
                    report["unknown"] = {"error": error.error.code, "text": error.error.message}
                confirm = await session.call_tool("reminder_create", {"title": "开会"})
                report["confirm"] = {"isError": bool(confirm.is_error), "text": text_of(confirm)}
    print(json.dumps(report, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
