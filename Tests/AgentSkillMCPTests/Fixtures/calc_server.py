"""An MCP server built with the official Python SDK (mcp 2.x), for AgentSkillMCP's client tests.

Run over stdio: python3 calc_server.py
Run over Streamable HTTP: python3 calc_server.py --http 0 (0 picks a free port; the port is printed on stdout,
and each HTTP request is logged on stderr as "http: METHOD PATH session=ID version=VERSION method=MCP-METHOD")
"""

import asyncio
import os
import sys
from typing import Annotated

from pydantic import BaseModel

from mcp.server.elicitation import AcceptedElicitation, ElicitationResult
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.resolve import Elicit, Resolve

server = MCPServer(name="calc-server", version="1.2.3", instructions="Arithmetic for tests.")


@server.tool(description="Add two integers and return the sum")
def add(a: int, b: int) -> int:
    return a + b


@server.tool(description="Greet someone by name", structured_output=False)
def greet(name: str) -> str:
    return f"Hello, {name}!"


@server.tool(description="Always fails with a tool error")
def fail(reason: str = "broken") -> str:
    raise ToolError(f"the tool failed on purpose: {reason}")


@server.tool(description="Counts to steps, reporting progress after each step")
async def count(steps: int, ctx: Context) -> str:
    for step in range(1, steps + 1):
        await ctx.report_progress(step, steps, f"step {step}")
    return f"counted to {steps}"


@server.tool(description="Sleeps for a long time; cancel it")
async def slow(seconds: float = 120) -> str:
    print("slow: started", file=sys.stderr, flush=True)
    try:
        await asyncio.sleep(seconds)
    except asyncio.CancelledError:
        print("slow: cancelled", file=sys.stderr, flush=True)
        raise
    return "slow finished"


@server.tool(description="Adds a tool named late and tells the client the list changed")
async def add_late_tool(ctx: Context) -> str:
    def late() -> str:
        """A tool that appears later"""
        return "late"

    server.add_tool(late, name="late", description="A tool added at run time")
    if (ctx.protocol_version or "") >= "2026-07-28":
        await ctx.notify_tools_changed()  # to subscriptions/listen streams
    else:
        await ctx.request_context.session.send_tool_list_changed()
    return "added"


@server.tool(description="Writes a line to stderr and exits the server process")
def crash() -> str:
    print("crash: exiting now", file=sys.stderr, flush=True)
    os._exit(3)


class Confirmation(BaseModel):
    """Nothing to fill in: accept or decline."""


def ask_to_delete(name: str) -> Elicit[Confirmation]:
    return Elicit(f"Delete the note {name}?", Confirmation)


@server.tool(description="Deletes a note once the user confirms")
def delete_note(
    name: str, answer: Annotated[ElicitationResult[Confirmation], Resolve(ask_to_delete)]
) -> str:
    if isinstance(answer, AcceptedElicitation):
        return f"deleted {name}"
    return f"kept {name} ({answer.action})"


@server.tool(description="Names the trace the call runs in (from the traceparent it carried in _meta)")
def trace() -> str:
    from opentelemetry import trace as otel

    context = otel.get_current_span().get_span_context()
    return format(context.trace_id, "032x") if context.is_valid else "none"


def serve_http(port: int) -> None:
    import socket

    import uvicorn

    app = server.streamable_http_app()

    async def logged(scope, receive, send):
        if scope["type"] == "http":
            headers = dict(scope["headers"])
            session = headers.get(b"mcp-session-id", b"-").decode()
            version = headers.get(b"mcp-protocol-version", b"-").decode()
            method = headers.get(b"mcp-method", b"-").decode()
            print(
                f"http: {scope['method']} {scope['path']} session={session} version={version} method={method}",
                file=sys.stderr,
                flush=True,
            )
        await app(scope, receive, send)

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(64)
    # Listening already: connections made from now on wait in the backlog until uvicorn accepts them.
    print(sock.getsockname()[1], flush=True)
    config = uvicorn.Config(logged, log_level="warning", lifespan="on", timeout_graceful_shutdown=1)
    uvicorn.Server(config).run(sockets=[sock])


if __name__ == "__main__":
    print("calc-server: starting", file=sys.stderr, flush=True)
    if len(sys.argv) == 3 and sys.argv[1] == "--http":
        serve_http(int(sys.argv[2]))
    else:
        server.run()
