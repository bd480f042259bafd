"""Checks one Web Push request as a push service and a browser would, with PyPI libraries only.

Usage: push_check.py REQUEST.json   (or - for standard input)
       push_check.py --new-subscriber   prints a browser's subscription keys as JSON:
                                        {"p256dh": base64url, "auth": base64url, "privateKeyPem": "-----BEGIN PRIVATE KEY-----…"}
REQUEST.json: {"body": base64url, "authorization": "vapid t=…, k=…", "origin": "http://127.0.0.1:PORT",
               "uaPrivateKeyPem": "-----BEGIN PRIVATE KEY-----…", "auth": base64url, "now": unix seconds}

- the VAPID token (RFC 8292): ES256 signature checked with `cryptography` against the key in `k`, `aud` the
  endpoint's origin, `exp` in the future and at most 24 h away, `sub` a mailto: or https: contact;
- the body (RFC 8291, aes128gcm): decrypted with `http_ece` using the subscriber's private key and auth secret.
Prints the decrypted payload on stdout; exits 1 with the reason on stderr when anything is wrong.
"""

import base64
import json
import os
import sys

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def fail(reason: str) -> None:
    print(reason, file=sys.stderr)
    sys.exit(1)


def new_subscriber() -> None:
    """What a browser makes when it subscribes (RFC 8291 §2): a P-256 key pair and a 16-byte auth secret."""
    private = ec.generate_private_key(ec.SECP256R1())
    public = private.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    pem = private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    print(json.dumps({"p256dh": b64url_encode(public), "auth": b64url_encode(os.urandom(16)), "privateKeyPem": pem.decode()}))


def b64url_encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def main() -> None:
    if sys.argv[1] == "--new-subscriber":
        new_subscriber()
        return
    request = json.load(sys.stdin if sys.argv[1] == "-" else open(sys.argv[1]))
    scheme, _, params = request["authorization"].partition(" ")
    if scheme != "vapid":
        fail(f"Authorization scheme is {scheme!r}, not vapid")
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    token, key = fields["t"], fields["k"]
    header_b64, claims_b64, signature_b64 = token.split(".")
    header = json.loads(b64url(header_b64))
    claims = json.loads(b64url(claims_b64))
    if header != {"typ": "JWT", "alg": "ES256"}:
        fail(f"JWT header {header}")
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64url(key))
    raw = b64url(signature_b64)
    if len(raw) != 64:
        fail(f"ES256 signature of {len(raw)} bytes")
    signature = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    try:
        public.verify(signature, f"{header_b64}.{claims_b64}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        fail("VAPID signature does not verify")
    if claims.get("aud") != request["origin"]:
        fail(f"aud {claims.get('aud')!r} is not {request['origin']!r}")
    if not request["now"] < claims["exp"] <= request["now"] + 86400:
        fail(f"exp {claims['exp']} is not within 24 h after {request['now']}")
    if not (claims.get("sub", "").startswith("mailto:") or claims.get("sub", "").startswith("https:")):
        fail(f"sub {claims.get('sub')!r}")
    private = serialization.load_pem_private_key(request["uaPrivateKeyPem"].encode(), password=None)
    plaintext = http_ece.decrypt(b64url(request["body"]), private_key=private, auth_secret=b64url(request["auth"]), version="aes128gcm")
    sys.stdout.write(plaintext.decode("utf-8"))


if __name__ == "__main__":
    main()
