#!/usr/bin/env python3
"""Write the WARC files of gzip content coding in several members (RFC 1952
allows it; a decoder that stops after the first member loses the rest):

gzip-members.warc    three response records: two members; the same in
                     chunked transfer coding, a chunk ending between the
                     two magic bytes of the second member, then an empty
                     third member; one member followed by junk whose first
                     byte is gzip's first magic byte, in a chunk of its own
                     (ignored, as browsers do)
gzip-member-cut.warc one record whose second member is cut short
"""
import gzip

def member(text):
    return gzip.compress(text.encode(), mtime=0)

FIRST = ("<html><head><title>Members</title></head><body>\n"
         "<p>The first member holds this paragraph of running text, long enough "
         "to be kept by any method that keeps paragraphs.</p>\n")
SECOND = ("<p>The second member holds this paragraph, which a decoder that stops "
          "after the first gzip member never sees at all.</p>\n</body></html>\n")

def chunked(pieces):
    out = b""
    for p in pieces:
        out += b"%x\r\n" % len(p) + p + b"\r\n"
    return out + b"0\r\n\r\n"

def record(number, url, body, chunks=None):
    coding = b"Transfer-Encoding: chunked\r\n" if chunks is not None else \
        b"Content-Length: " + str(len(body)).encode() + b"\r\n"
    http = (b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n"
            b"Content-Encoding: gzip\r\n" + coding + b"\r\n" +
            (chunked(chunks) if chunks is not None else body))
    head = ("WARC/1.0\r\nWARC-Type: response\r\n"
            "WARC-Record-ID: <urn:uuid:6d1d0c9a-0000-4000-8000-%012d>\r\n"
            "WARC-Date: 2024-01-02T03:04:05Z\r\n"
            "WARC-Target-URI: %s\r\n"
            "Content-Type: application/http; msgtype=response\r\n"
            "Content-Length: %d\r\n\r\n" % (number, url, len(http))).encode()
    return head + http + b"\r\n\r\n"

two = member(FIRST) + member(SECOND)
first = member(FIRST)
split = len(first) + 1             # after the 0x1f of the second member
with_empty = two + member("")
with open("gzip-members.warc", "wb") as f:
    f.write(record(1, "http://example.com/two-members", two))
    f.write(record(2, "http://example.com/two-members-chunked", None,
                   [with_empty[:split], with_empty[split:]]))
    f.write(record(3, "http://example.com/member-and-junk", None,
                   [first, b"\x1f", b"junk after the member"]))
with open("gzip-member-cut.warc", "wb") as f:
    f.write(record(4, "http://example.com/second-member-cut", first + member(SECOND)[:30]))
