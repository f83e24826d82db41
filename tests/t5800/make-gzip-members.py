#!/usr/bin/env python3
"""Write gzip-members.warc: one WARC response record whose HTTP body has
Content-Encoding: gzip made of two gzip members (RFC 1952 allows it; a
decoder that stops after the first member loses the second paragraph)."""
import gzip

def member(text):
    return gzip.compress(text.encode(), mtime=0)

html = ("<html><head><title>Members</title></head><body>\n"
        "<p>The first member holds this paragraph of running text, long enough "
        "to be kept by any method that keeps paragraphs.</p>\n",
        "<p>The second member holds this paragraph, which a decoder that stops "
        "after the first gzip member never sees at all.</p>\n</body></html>\n")
body = member(html[0]) + member(html[1])
http = (b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n"
        b"Content-Encoding: gzip\r\nContent-Length: " + str(len(body)).encode() +
        b"\r\n\r\n" + body)
head = ("WARC/1.0\r\nWARC-Type: response\r\n"
        "WARC-Record-ID: <urn:uuid:6d1d0c9a-0000-4000-8000-000000000001>\r\n"
        "WARC-Date: 2024-01-02T03:04:05Z\r\n"
        "WARC-Target-URI: http://example.com/gzip-members\r\n"
        "Content-Type: application/http; msgtype=response\r\n"
        "Content-Length: %d\r\n\r\n" % len(http)).encode()
with open("gzip-members.warc", "wb") as f:
    f.write(head + http + b"\r\n\r\n")
