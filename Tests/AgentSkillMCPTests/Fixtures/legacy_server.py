"""An MCP server built with the last 1.x release of the official Python SDK (mcp 1.30.0), which speaks only the
handshake era (initialize; revisions up to 2025-11-25), for AgentSkillMCP's fallback tests.

Run over stdio: python3 legacy_server.py
"""

import sys

from pydantic import BaseModel

from mcp.server.fastmcp import Context, FastMCP

server = FastMCP(name="legacy-calc", instructions="Arithmetic from an older SDK.")


@server.tool(description="Add two integers and return the sum")
def add(a: int, b: int) -> int:
    return a + b


class Confirmation(BaseModel):
    """Nothing to fill in: accept or decline."""


@server.tool(description="Deletes a note once the user confirms")
async def delete_note(name: str, ctx: Context) -> str:
    answer = await ctx.elicit(f"Delete the note {name}?", Confirmation)
    return f"deleted {name}" if answer.action == "accept" else f"kept {name} ({answer.action})"


if __name__ == "__main__":
    print("legacy-calc: starting", file=sys.stderr, flush=True)
    server.run()
