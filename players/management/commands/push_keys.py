"""A new VAPID key pair for web push (issue 34), printed as the two environment lines.

Run once per site; keep the private key secret (it signs every push message). A new pair ends
every subscription: the browsers subscribed with the old public key, so each person switches
notifications on again.
"""

import base64

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.management.base import BaseCommand


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def key_pair() -> tuple[str, str]:
    """(private, public): the raw P-256 private value and the uncompressed public point, both
    base64url without padding (what pywebpush and the browser's applicationServerKey take)."""
    private = ec.generate_private_key(ec.SECP256R1())
    number = private.private_numbers().private_value.to_bytes(32, "big")
    point = private.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return _b64(number), _b64(point)


class Command(BaseCommand):
    help = "Print a new VAPID key pair for web push as environment lines (docs/operations.md)."

    def handle(self, *args, **options):
        private, public = key_pair()
        self.stdout.write(f"PUSH_VAPID_PUBLIC_KEY={public}")
        self.stdout.write(f"PUSH_VAPID_PRIVATE_KEY={private}")
