"""A local push service for the tests (issue 34): an HTTP server in the test process that takes
what a push service takes (RFC 8030: a POST to the subscription's endpoint, VAPID authorised,
RFC 8291 encrypted) and a device whose keys are made here, so the test decrypts each message
with the subscription's own keys, as the browser would.

`PushService.answers` sets the status a device's endpoint answers (201 by default; 410 for a
subscription the service forgot, 500 for a failing service).
"""

from __future__ import annotations

import base64
import json
import os
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from players.management.commands.push_keys import key_pair


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Device:
    """A browser's subscription: its P-256 key pair and auth secret (what PushManager makes)."""

    endpoint: str
    private_key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth_secret: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def p256dh(self) -> str:
        return b64(
            self.private_key.public_key().public_bytes(
                serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
            )
        )

    @property
    def auth(self) -> str:
        return b64(self.auth_secret)

    def subscription(self) -> dict:
        """As `PushSubscription.toJSON()` gives it to push.js."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}

    def decrypt(self, body: bytes) -> dict:
        """The message as the browser reads it (aes128gcm, RFC 8188/8291): JSON."""
        plain = http_ece.decrypt(
            body, private_key=self.private_key, auth_secret=self.auth_secret, version="aes128gcm"
        )
        return json.loads(plain.decode())


class PushService:
    """Start with `with PushService() as service:`; `service.device()` makes a subscription
    whose endpoint is here; `service.received` lists every POST in order."""

    def __init__(self):
        self.received: list[Received] = []
        self.answers: dict[str, int] = {}
        self._lock = threading.Lock()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (http.server's name)
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                with service._lock:
                    service.received.append(
                        Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                    )
                    status = service.answers.get(self.path, 201)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self._count = 0

    def __enter__(self) -> PushService:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

    def device(self) -> Device:
        self._count += 1
        return Device(endpoint=f"{self.url}/push/{self._count}")

    def to(self, device: Device) -> list[Received]:
        path = device.endpoint.removeprefix(self.url)
        return [one for one in self.received if one.path == path]


def vapid_settings(settings) -> str:
    """Fresh VAPID keys in the settings and the local service allowed; returns the public key."""
    private, public = key_pair()
    settings.PUSH_VAPID_PRIVATE_KEY = private
    settings.PUSH_VAPID_PUBLIC_KEY = public
    settings.PUSH_VAPID_SUBJECT = "mailto:turniere@example.org"
    settings.PUSH_INSECURE_HOSTS = ["127.0.0.1"]
    return public


def vapid_key_of(received: Received) -> str:
    """The `k` of the VAPID authorisation (RFC 8292: "vapid t=<JWT>, k=<public key>")."""
    header = received.headers.get("authorization", "")
    parts = dict(part.strip().split("=", 1) for part in header.removeprefix("vapid ").split(","))
    return parts["k"]


def vapid_claims_of(received: Received) -> dict:
    header = received.headers.get("authorization", "")
    token = header.removeprefix("vapid ").split(",")[0].strip().removeprefix("t=")
    return json.loads(unb64(token.split(".")[1]))
