// make-content-fixtures.mjs: writes tests/t5660/crawl.warc.gz with warcio,
// an implementation independent of ours: the records of a realistic crawl
// whose headers and bytes t5660 checks ncleaner reads as browsers and the
// bytes say (charsets present, absent and contradicting <meta>; HTML served
// as text/plain; a robots.txt; a truncated record; a 404; an image; pages
// in two languages). Run from this folder after `npm ci`:
//
//   node make-content-fixtures.mjs
//
// Deterministic (fixed dates and ids, pako for gzip), one gzip member per
// record as Common Crawl writes them.
import { WARCRecord, WARCSerializer } from "warcio";
import { writeFileSync } from "node:fs";
import { date, enc, nextId, once } from "./fixture-lib.mjs";

const para = "This paragraph of running text is long enough to be kept by the cleaner, with more words";
// windows-1251 bytes of "Привет мир" and windows-1252 bytes, written out
// (Node's own codecs know neither).
const privetMir = Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x20, 0xec, 0xe8, 0xf0]);
const cp1252 = (s) => Buffer.from(s.replace(/\u2019/g, "\x92").replace(/\u201c/g, "\x93")
	.replace(/\u201d/g, "\x94").replace(/\u2013/g, "\x96"), "latin1");

const records = [
	{ type: "warcinfo", filename: "crawl.warc.gz", body: enc("software: warcio.js\r\n") },
	{ type: "response", url: "http://example.com/stale-meta",
	  httpHeaders: { "Content-Type": "text/html; charset=UTF-8" },
	  body: enc(`<html><head><meta charset="gb2312"><title>caf\u00e9 \u4e2d\u6587</title></head><body><p>${para}: caf\u00e9 \u4e2d\u6587.</p></body></html>`) },
	{ type: "response", url: "http://example.com/latin1",
	  httpHeaders: { "Content-Type": "text/html; charset=ISO-8859-1" },
	  body: cp1252(`<html><body><p>${para}: it\u2019s caf\u00e9 cr\u00e8me \u2013 \u201cquoted\u201d.</p></body></html>`) },
	{ type: "response", url: "http://example.com/ru",
	  httpHeaders: { "Content-Type": "text/html; charset=windows-1251" },
	  body: Buffer.concat([enc(`<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head><body><p>${para}: `), privetMir, enc(".</p></body></html>")]) },
	{ type: "response", url: "http://example.com/undeclared",
	  httpHeaders: { "Content-Type": "text/html" },
	  body: cp1252(`<html><body><p>Welcome to our site. It\u2019s fine, isn\u2019t it? We don\u2019t know. ${para}.</p></body></html>`) },
	{ type: "response", url: "http://example.com/plain-html",
	  httpHeaders: { "Content-Type": "text/plain" },
	  body: enc(`<!DOCTYPE html><html><head><script>var hidden = 1;</script></head><body><p>${para}, served as text/plain.</p></body></html>`) },
	{ type: "response", url: "http://example.com/robots.txt",
	  httpHeaders: { "Content-Type": "text/plain" },
	  body: enc("User-agent: *\nDisallow: /private/\n") },
	{ type: "response", url: "http://example.com/cut",
	  httpHeaders: { "Content-Type": "text/html" }, warcHeaders: { "WARC-Truncated": "length" },
	  body: enc(`<html><body><p>${para}, cut short by the crawler`) },
	{ type: "response", url: "http://example.com/missing", statusline: "HTTP/1.1 404 Not Found",
	  httpHeaders: { "Content-Type": "text/html" }, body: enc("<html><body><p>No such page.</p></body></html>") },
	{ type: "response", url: "http://example.com/logo.png", httpHeaders: { "Content-Type": "image/png" },
	  body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]) },
	{ type: "response", url: "http://example.com/de",
	  httpHeaders: { "Content-Type": "text/html; charset=utf-8" },
	  body: enc("<html><body><p>Der Hund des Nachbarn bellt jeden Morgen, wenn die Zeitung gebracht wird, und die ganze Stra\u00dfe wacht davon auf. Niemand wei\u00df, warum er das tut.</p></body></html>") },
];

const parts = [];
for (const { body, warcHeaders, ...options } of records) {
	const headers = { "WARC-Record-ID": nextId(), ...(warcHeaders || {}) };
	const record = await WARCRecord.create({ date, warcVersion: "WARC/1.1", ...options,
		warcHeaders: headers }, once(body));
	parts.push(Buffer.from(await WARCSerializer.serialize(record, { gzip: true, preferPako: true })));
}
writeFileSync("../t5660/crawl.warc.gz", Buffer.concat(parts));
