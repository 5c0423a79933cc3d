"""Sends one message over AMQP 1.0 with Qpid Proton, as a producer that is not Java would.

Usage: amqp-send.py HOST:PORT ADDRESS USER PASSWORD [USER_ID] < body
An empty USER connects without a login. USER_ID, when given, goes into the message's
properties.user-id, which the sender writes itself (as a forger would: the broker does not check it). Exits 0 once the broker has accepted the message (the
sender waits for the disposition), 2 when the broker refuses the connection, the link or the
message, with the reason on standard error.
"""
import sys

from proton import Message
from proton.utils import BlockingConnection


def main():
    hostport, address, user, password = sys.argv[1:5]
    user_id = sys.argv[5].encode("utf-8") if len(sys.argv) > 5 else None
    body = sys.stdin.read()
    login = {}
    if user:
        login = dict(user=user, password=password, allowed_mechs="PLAIN", allow_insecure_mechs=True)
    else:
        login = dict(allowed_mechs="ANONYMOUS")
    try:
        connection = BlockingConnection("amqp://" + hostport, timeout=30, **login)
        try:
            sender = connection.create_sender(address)
            message = Message(body=body, durable=True, content_type="application/json")
            if user_id is not None:
                message.user_id = user_id
            sender.send(message)
        finally:
            connection.close()
    except Exception as refused:  # proton raises several unrelated types for a refusal
        print("refused: %s: %s" % (type(refused).__name__, refused), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
