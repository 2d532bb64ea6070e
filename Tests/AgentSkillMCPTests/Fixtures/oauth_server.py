"""A protected MCP server and its OAuth 2.1 authorization server, built with the official Python SDK (mcp 2.x)
and its `mcp.server.auth` provider interface, for AgentSkillMCP's OAuth client tests.

Run: python3 oauth_server.py --http 0 (0 picks a free port on 127.0.0.1; the port is printed on stdout). The
authorization server is the issuer http://127.0.0.1:PORT and approves every authorization request at once (no
login page): GET /authorize redirects straight back with a code, `state` and `iss`. It registers clients
dynamically, accepts client-ID metadata documents (http on loopback, for tests), issues access tokens bound to the
`resource` they were requested for, rotates refresh tokens and supports revocation (RFC 7009). The MCP server at
/mcp requires a token for the scope "mcp". Each HTTP request is logged on stderr as "http: METHOD PATH auth=yes|no";
the process exits when its stdin closes (the test process ended).

Test-only routes: POST /test/expire-access-tokens forgets every access token (refresh tokens stay valid);
POST /test/next-grant-without-scopes makes the next authorization grant no scope (the MCP server then answers
403 insufficient_scope).
"""

import json
import os
import secrets
import socket
import sys
import threading
import time
import urllib.request

import mcp.server.auth.routes as auth_routes
from mcp.server.auth.provider import (
    AccessToken,
    AuthorizationCode,
    AuthorizationParams,
    RefreshToken,
    TokenError,
    construct_redirect_uri,
)
from mcp.server.auth.settings import AuthSettings, ClientRegistrationOptions, RevocationOptions
from mcp.server.mcpserver import MCPServer
from mcp.shared.auth import OAuthClientInformationFull, OAuthToken
from starlette.requests import Request
from starlette.responses import JSONResponse

ACCESS_LIFETIME = 3600


class AutoApprovingProvider:
    """An in-memory authorization server that approves every request."""

    def __init__(self, issuer: str):
        self.issuer = issuer
        self.clients: dict[str, OAuthClientInformationFull] = {}
        self.codes: dict[str, AuthorizationCode] = {}
        self.access: dict[str, AccessToken] = {}
        self.refresh: dict[str, RefreshToken] = {}
        # refresh token -> the access token issued with it, to revoke them together.
        self.pairs: dict[str, str] = {}
        self.next_grant_without_scopes = False

    async def get_client(self, client_id: str) -> OAuthClientInformationFull | None:
        if client_id in self.clients:
            return self.clients[client_id]
        if client_id.startswith("http://127.0.0.1") or client_id.startswith("https://"):
            # A client-ID metadata document: fetch it and check it names itself.
            try:
                with urllib.request.urlopen(client_id, timeout=10) as response:
                    document = json.loads(response.read())
            except Exception as error:  # noqa: BLE001
                print(f"cimd: {client_id} unreadable: {error}", file=sys.stderr, flush=True)
                return None
            if document.get("client_id") != client_id:
                return None
            print(f"cimd: fetched {client_id}", file=sys.stderr, flush=True)
            return OAuthClientInformationFull(
                client_id=client_id,
                client_name=document.get("client_name"),
                redirect_uris=document.get("redirect_uris"),
                token_endpoint_auth_method="none",
                grant_types=["authorization_code", "refresh_token"],
                scope="mcp",
            )
        return None

    async def register_client(self, client_info: OAuthClientInformationFull) -> None:
        self.clients[client_info.client_id] = client_info

    async def authorize(self, client: OAuthClientInformationFull, params: AuthorizationParams) -> str:
        scopes = [] if self.next_grant_without_scopes else (params.scopes or ["mcp"])
        self.next_grant_without_scopes = False
        code = AuthorizationCode(
            code=secrets.token_urlsafe(24),
            scopes=scopes,
            expires_at=time.time() + 300,
            client_id=client.client_id,
            code_challenge=params.code_challenge,
            redirect_uri=params.redirect_uri,
            redirect_uri_provided_explicitly=params.redirect_uri_provided_explicitly,
            resource=params.resource,
        )
        self.codes[code.code] = code
        return construct_redirect_uri(str(params.redirect_uri), code=code.code, state=params.state, iss=self.issuer)

    async def load_authorization_code(self, client, authorization_code: str):
        code = self.codes.get(authorization_code)
        return code if code and code.client_id == client.client_id else None

    def _issue(self, client_id: str, scopes: list[str], resource: str | None) -> OAuthToken:
        access = AccessToken(
            token="at-" + secrets.token_urlsafe(24),
            client_id=client_id,
            scopes=scopes,
            expires_at=int(time.time()) + ACCESS_LIFETIME,
            resource=resource,
        )
        refresh = RefreshToken(token="rt-" + secrets.token_urlsafe(24), client_id=client_id, scopes=scopes, resource=resource)
        self.access[access.token] = access
        self.refresh[refresh.token] = refresh
        self.pairs[refresh.token] = access.token
        return OAuthToken(
            access_token=access.token,
            token_type="Bearer",
            expires_in=ACCESS_LIFETIME,
            scope=" ".join(scopes),
            refresh_token=refresh.token,
        )

    async def exchange_authorization_code(self, client, authorization_code: AuthorizationCode) -> OAuthToken:
        self.codes.pop(authorization_code.code, None)
        return self._issue(client.client_id, authorization_code.scopes, authorization_code.resource)

    async def load_refresh_token(self, client, refresh_token: str):
        token = self.refresh.get(refresh_token)
        return token if token and token.client_id == client.client_id else None

    async def exchange_refresh_token(self, client, refresh_token: RefreshToken, scopes: list[str]) -> OAuthToken:
        if refresh_token.token not in self.refresh:
            raise TokenError(error="invalid_grant", error_description="refresh token revoked")
        # Rotation: the old refresh token and its access token stop working.
        self.refresh.pop(refresh_token.token, None)
        self.access.pop(self.pairs.pop(refresh_token.token, ""), None)
        return self._issue(client.client_id, scopes or refresh_token.scopes, refresh_token.resource)

    async def load_access_token(self, token: str) -> AccessToken | None:
        access = self.access.get(token)
        if access and access.expires_at and access.expires_at < time.time():
            return None
        return access

    async def revoke_token(self, token) -> None:
        # Revoking either token of a grant revokes both.
        for refresh, access in list(self.pairs.items()):
            if token.token in (refresh, access):
                self.refresh.pop(refresh, None)
                self.access.pop(access, None)
                self.pairs.pop(refresh, None)
        self.access.pop(token.token, None)
        self.refresh.pop(token.token, None)


def advertise_iss_and_cimd() -> None:
    """The SDK's metadata lacks RFC 9207's and client-ID metadata documents' flags; this server supports both."""
    original = auth_routes.build_metadata

    def build_metadata(*args, **kwargs):
        metadata = original(*args, **kwargs)
        metadata.authorization_response_iss_parameter_supported = True
        metadata.client_id_metadata_document_supported = True
        return metadata

    auth_routes.build_metadata = build_metadata


def exit_when_stdin_closes() -> None:
    def watch() -> None:
        while sys.stdin.buffer.read(1024):
            pass
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def serve_http(port: int) -> None:
    import uvicorn

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(64)
    port = sock.getsockname()[1]
    issuer = f"http://127.0.0.1:{port}"

    advertise_iss_and_cimd()
    provider = AutoApprovingProvider(issuer)
    server = MCPServer(
        name="oauth-calc",
        version="1.0.0",
        auth_server_provider=provider,
        auth=AuthSettings(
            issuer_url=issuer,
            resource_server_url=f"{issuer}/mcp",
            client_registration_options=ClientRegistrationOptions(
                enabled=True, valid_scopes=["mcp"], default_scopes=["mcp"]
            ),
            revocation_options=RevocationOptions(enabled=True),
            required_scopes=["mcp"],
            validate_token_resource=True,
        ),
    )

    @server.tool(description="Add two integers and return the sum")
    def add(a: int, b: int) -> int:
        return a + b

    @server.custom_route("/test/expire-access-tokens", methods=["POST"])
    async def expire(request: Request) -> JSONResponse:
        count = len(provider.access)
        provider.access.clear()
        return JSONResponse({"expired": count})

    @server.custom_route("/test/next-grant-without-scopes", methods=["POST"])
    async def without_scopes(request: Request) -> JSONResponse:
        provider.next_grant_without_scopes = True
        return JSONResponse({"ok": True})

    app = server.streamable_http_app()

    async def logged(scope, receive, send):
        if scope["type"] == "http":
            headers = dict(scope["headers"])
            auth = "yes" if b"authorization" in headers else "no"
            print(f"http: {scope['method']} {scope['path']} auth={auth}", file=sys.stderr, flush=True)
        await app(scope, receive, send)

    print(port, flush=True)
    config = uvicorn.Config(logged, log_level="warning", lifespan="on", timeout_graceful_shutdown=1)
    uvicorn.Server(config).run(sockets=[sock])


if __name__ == "__main__":
    exit_when_stdin_closes()
    if len(sys.argv) == 3 and sys.argv[1] == "--http":
        serve_http(int(sys.argv[2]))
    else:
        print("usage: oauth_server.py --http PORT", file=sys.stderr)
        sys.exit(2)
