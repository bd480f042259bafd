"""ID tokens signed by an independent JOSE implementation (PyPI joserfc, which the OpenID provider of the tests
uses too), for IdentityTests/IDTokenTests: one RS256 and one ES256 key, a valid token for each and the faults a
verifier must refuse. Prints one JSON object: {"jwks", "issuer", "clientId", "nonce", "now", "tokens"}."""
import base64
import json
import time

from joserfc import jwt
from joserfc.jwk import ECKey, KeySet, RSAKey, OctKey

ISSUER, CLIENT, NONCE = "http://127.0.0.1:22999", "appsuite-test", "n-0S6_WzA2Mj"
now = int(time.time())
rsa = RSAKey.generate_key(2048, parameters={"kid": "rsa-1", "use": "sig", "alg": "RS256"}, private=True)
ec = ECKey.generate_key("P-256", parameters={"kid": "ec-1", "use": "sig", "alg": "ES256"}, private=True)
stranger = RSAKey.generate_key(2048, parameters={"kid": "rsa-1"}, private=True)  # same kid, other key
other_kid = RSAKey.generate_key(2048, parameters={"kid": "rsa-9"}, private=True)


def claims(**changes):
    base = {"iss": ISSUER, "sub": "user-42", "aud": CLIENT, "exp": now + 300, "iat": now, "nonce": NONCE,
            "email": "alice@example.com", "email_verified": True, "name": "Alice"}
    base.update(changes)
    return {k: v for k, v in base.items() if v is not None}


def sign(key, alg, kid, body):
    return jwt.encode({"alg": alg, "kid": kid}, body, key)


good = sign(rsa, "RS256", "rsa-1", claims())
head, payload, signature = good.split(".")
tampered_payload = jwt.encode({"alg": "RS256", "kid": "rsa-1"}, claims(sub="user-43"), rsa).split(".")[1]
tokens = {
    "rs256": good,
    "es256": sign(ec, "ES256", "ec-1", claims()),
    "tampered": ".".join([head, tampered_payload, signature]),
    "forged": sign(stranger, "RS256", "rsa-1", claims()),
    "wrong_nonce": sign(rsa, "RS256", "rsa-1", claims(nonce="another")),
    "no_nonce": sign(rsa, "RS256", "rsa-1", claims(nonce=None)),
    "expired": sign(rsa, "RS256", "rsa-1", claims(exp=now - 120, iat=now - 720)),
    "future": sign(rsa, "RS256", "rsa-1", claims(iat=now + 600, exp=now + 900)),
    "unknown_kid": sign(other_kid, "RS256", "rsa-9", claims()),
    "wrong_issuer": sign(rsa, "RS256", "rsa-1", claims(iss="http://127.0.0.1:22998")),
    "wrong_audience": sign(rsa, "RS256", "rsa-1", claims(aud="someone-else")),
    "algorithm_not_the_keys": sign(rsa, "RS256", "ec-1", claims()),
    "hs256": jwt.encode({"alg": "HS256", "kid": "rsa-1"}, claims(), OctKey.import_key(b"x" * 32)),
}
# "alg": "none" with an empty signature, which no library signs.
none_head = base64.urlsafe_b64encode(json.dumps({"alg": "none", "kid": "rsa-1"}).encode()).rstrip(b"=").decode()
tokens["alg_none"] = none_head + "." + payload + "."
print(json.dumps({"jwks": KeySet([rsa, ec]).as_dict(private=False), "issuer": ISSUER, "clientId": CLIENT, "nonce": NONCE,
                  "now": now, "tokens": tokens}))
