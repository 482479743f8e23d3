"""A program calling the Trading Desk API with an API key: Python 3.8 or newer, standard library only.

    TD_API_URL=http://localhost:3000 TD_API_KEY=tdk_... TD_API_SECRET=... python3 api_client.py [buy]

Prints the demo account's latest orders as one line of JSON; with `buy`, first buys $100 of
BTC/USD at market on the demo account (the key needs the `trade` scope) and prints that order.
"""
import hashlib
import hmac
import json
import os
import sys
import time
import urllib.error
import urllib.request

BASE_URL = os.environ.get("TD_API_URL", "http://localhost:3000")
API_KEY = os.environ.get("TD_API_KEY", "")
SECRET = os.environ.get("TD_API_SECRET", "")


def call(method, path_and_query, body=None):
    """Sends a signed request; returns the answer's `data`, raises with the server's message."""
    timestamp = str(int(time.time() * 1000))
    text = "" if body is None else json.dumps(body, separators=(",", ":"))
    path, _, query = path_and_query.partition("?")
    # What is signed: timestamp, method, path and query, each followed by a line feed, then the
    # body exactly as sent (nothing when there is none).
    message = f"{timestamp}\n{method}\n{path}\n{query}\n{text}".encode()
    signature = hmac.new(SECRET.encode(), message, hashlib.sha256).hexdigest()
    headers = {"X-API-KEY": API_KEY, "X-API-TIMESTAMP": timestamp, "X-API-SIGNATURE": signature}
    if text:
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(
        BASE_URL + path_and_query, data=text.encode() if text else None, headers=headers, method=method
    )
    try:
        with urllib.request.urlopen(request) as response:
            return json.load(response)["data"]
    except urllib.error.HTTPError as error:
        raise RuntimeError(f"{error.code} {json.load(error)['message']}") from None


if __name__ == "__main__":
    if sys.argv[1:] == ["buy"]:
        order = call(
            "POST",
            "/orders",
            {"account": "demo", "symbol": "BTC_USDT", "side": "buy", "type": "market", "amount": "100", "leverage": 1},
        )
        print(json.dumps({"placed": order["id"], "status": order["status"]}))
    orders = call("GET", "/orders?account=demo&limit=5")
    print(json.dumps({"orders": [order["id"] for order in orders["items"]]}))
