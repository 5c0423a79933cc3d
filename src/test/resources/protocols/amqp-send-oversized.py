"""Sends a message far larger than the broker accepts over AMQP 1.0 with Qpid Proton, then a
normal one on the same link, as a producer that is not Java would.

Usage: amqp-send-oversized.py HOST:PORT ADDRESS USER PASSWORD MEBIBYTES MARKER < normal-body
The oversized message is streamed in chunks (a data section written by hand after the sections
Proton encodes), so neither this process nor the wire holds it whole; it carries the application
property reveilleTest=MARKER. Exits 0 when the broker refused the oversized message (its reason
printed) and accepted the normal one, 3 when it accepted the oversized one, and 2 when anything
else failed, with the reason on standard error.
"""
import struct
import sys
import uuid

from proton import Delivery, Message
from proton.utils import BlockingConnection

CHUNK = 256 * 1024


def chunks(size):
    """The padding, one reused chunk at a time."""
    block = b"x" * CHUNK
    left = size
    while left > 0:
        n = min(CHUNK, left)
        yield block if n == CHUNK else block[:n]
        left -= n


def send_streamed(connection, link, marker, size):
    head = Message(durable=True, properties={"reveilleTest": marker}).encode()
    prefix = b'{"schemaVersion":1,"batchId":"oversized-' + marker.encode() + b'","pad":"'
    suffix = b'"}'
    # A data section: descriptor 0x75, then a vbin32 of the body's length.
    section = b"\x00\x53\x75\xb0" + struct.pack(">I", len(prefix) + size + len(suffix))
    connection.wait(lambda: link.credit > 0, msg="credit for the oversized message")
    delivery = link.delivery(str(uuid.uuid4()))
    link.stream(head + section + prefix)
    for chunk in chunks(size):
        link.stream(chunk)
        # Written out before the next chunk is queued: memory stays at a few chunks.
        connection.wait(lambda: link.session.outgoing_bytes < 4 * CHUNK, timeout=300,
                        msg="writing the oversized message")
    link.stream(suffix)
    link.advance()
    connection.wait(lambda: delivery.settled, timeout=300, msg="the broker's answer")
    delivery.settle()
    return delivery


def main():
    hostport, address, user, password, mebibytes, marker = sys.argv[1:7]
    normal = sys.stdin.read()
    try:
        connection = BlockingConnection(
            "amqp://" + hostport, timeout=60, user=user, password=password,
            allowed_mechs="PLAIN", allow_insecure_mechs=True)
        try:
            sender = connection.create_sender(address)
            oversized = send_streamed(connection, sender.link, marker, int(mebibytes) * 1024 * 1024)
            if oversized.remote_state != Delivery.REJECTED:
                print("oversized message not refused: %s" % oversized.remote_state, file=sys.stderr)
                return 3
            print("refused: %s" % oversized.remote.condition)
            sender.send(Message(body=normal, durable=True, content_type="application/json"))
            print("accepted")
        finally:
            connection.close()
    except Exception as failed:  # proton raises several unrelated types
        print("failed: %s: %s" % (type(failed).__name__, failed), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
