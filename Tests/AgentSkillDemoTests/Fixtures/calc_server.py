"""An MCP server named "calc server", built with the official Python SDK (mcp 2.x), for `agentskill-demo --mcp`.

Run over stdio: python3 calc_server.py
"""

from mcp.server.mcpserver import MCPServer

server = MCPServer(name="calc server", version="1.0.0")


@server.tool(description="Add two numbers and return the sum")
def add(a: int, b: int) -> int:
    return a + b


@server.tool(description="Multiply two numbers and return the product")
def multiply(a: int, b: int) -> int:
    return a * b


if __name__ == "__main__":
    server.run()
