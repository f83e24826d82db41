// make-fixtures.mjs: writes the WARC fixtures of t1500 with warcio, an
// implementation independent of ours, so that the reader is tested against
// archives it did not write. Run from this folder after `npm ci`:
//
//   node make-fixtures.mjs
//
// Writes good.warc and good.warc.gz (the same records, plain and gzip'd one
// member per record, as Common Crawl does), their good.expect, and the broken
// archives (truncated, wrong Content-Length, bad payloads). Each .expect line
// is what t1500 must find, derived from warcio's own parse of the file:
//   OFFSET TYPE WHAT CHARSET URL SHA1
// WHAT is html or text for a page, else why the record is skipped; SHA1 is
// the hex SHA-1 of the payload as warcio decodes it ("-" for skipped ones).
// The output is deterministic (fixed dates and ids, pako for gzip), so the
// committed fixtures can be regenerated and compared.
import { WARCRecord, WARCSerializer, WARCParser } from "warcio";
import { createHash } from "node:crypto";
import { writeFileSync, readFileSync } from "node:fs";
import zlib from "node:zlib";
import pako from "pako";
import { date, enc, nextId, once, resetIds } from "./fixture-lib.mjs";

// Chunked transfer coding of `bytes` in pieces of `size`.
function chunked(bytes, size) {
	const parts = [];
	for (let i = 0; i < bytes.length; i += size) {
		const piece = bytes.subarray(i, i + size);
		parts.push(enc(piece.length.toString(16) + ";ext=1\r\n"), piece, enc("\r\n"));
	}
	// No trailer lines: warcio 2.4 takes them for payload (t1500 tests
	// trailers on its own).
	parts.push(enc("0\r\n\r\n"));
	return Buffer.concat(parts);
}

const html = (title, body) =>
	`<!DOCTYPE html>\n<html><head><title>${title}</title></head>\n<body><p>${body}</p></body></html>\n`;
const deterministicGzip = (bytes) => pako.gzip(bytes, { level: 6, header: { time: 0 } });

// The records of the good archive: [what t1500 expects, warcio options, body].
function goodRecords() {
	const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]),
		Buffer.from(html("UTF-16 page", "Text in UTF-16 with a byte order mark."), "utf16le")]);
	const latin1 = Buffer.from(html("Latin-1 page", "Caf\u00e9 cr\u00e8me in ISO-8859-1."), "latin1");
	const long = enc(html("Chunked page", "A paragraph sent in chunks. ".repeat(40)));
	return [
		["skip-warcinfo", { type: "warcinfo", filename: "good.warc" }, enc("software: warcio.js\r\nformat: WARC File Format 1.1\r\n")],
		["skip-request", { type: "request", url: "http://example.com/latin1", statusline: "GET /latin1 HTTP/1.1", httpHeaders: { Host: "example.com" } }, new Uint8Array()],
		["html ISO-8859-1", { type: "response", url: "http://example.com/latin1", httpHeaders: { "Content-Type": "text/html; charset=ISO-8859-1" } }, latin1],
		["html utf-8", { type: "response", url: "http://example.com/chunked", httpHeaders: { "Content-Type": "text/html;charset=\"utf-8\"", "Transfer-Encoding": "chunked" } }, chunked(long, 100)],
		["html -", { type: "response", url: "http://example.com/gzip", httpHeaders: { "Content-Type": "text/html", "Content-Encoding": "gzip" } }, deterministicGzip(enc(html("Gzip page", "Sent with Content-Encoding: gzip.")))],
		["html -", { type: "response", url: "http://example.com/deflate", httpHeaders: { "Content-Type": "text/html", "Content-Encoding": "deflate" } }, zlib.deflateSync(enc(html("Deflate page", "Sent with Content-Encoding: deflate, zlib wrapper.")))],
		["html -", { type: "response", url: "http://example.com/raw-deflate", httpHeaders: { "Content-Type": "text/html", "Content-Encoding": "deflate" } }, zlib.deflateRawSync(enc(html("Raw deflate page", "Sent as raw deflate, as some servers do.")))],
		["html -", { type: "response", url: "http://example.com/chunked-gzip", httpHeaders: { "Content-Type": "text/html", "Transfer-Encoding": "chunked", "Content-Encoding": "x-gzip" } }, chunked(deterministicGzip(long), 64)],
		["skip-not-text", { type: "response", url: "http://example.com/image.png", httpHeaders: { "Content-Type": "image/png" } }, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
		["skip-status", { type: "response", url: "http://example.com/missing", statusline: "HTTP/1.1 404 Not Found", httpHeaders: { "Content-Type": "text/html" } }, enc(html("Not found", "No such page."))],
		["html UTF-16LE", { type: "response", url: "http://example.com/utf16", httpHeaders: { "Content-Type": "text/html" } }, utf16],
		["html -", { type: "response", url: "http://example.com/no-type", httpHeaders: { Server: "test" } }, enc(html("No Content-Type", "The first bytes say HTML."))],
		["text -", { type: "response", url: "http://example.com/notes.txt", httpHeaders: { "Content-Type": "text/plain" } }, enc("Plain text notes.\nSecond line.\n")],
		["html windows-1252", { type: "resource", url: "http://example.com/resource", warcHeaders: { "Content-Type": "text/html; charset=windows-1252" } }, Buffer.from(html("Resource", "A resource record \u0093quoted\u0094."), "latin1")],
		["text utf-8", { type: "conversion", url: "http://example.com/latin1", warcHeaders: { "Content-Type": "text/plain; charset=utf-8", "WARC-Refers-To": "<urn:uuid:00000000-0000-4000-8000-000000000003>" } }, enc("Café crème, as WET text.\n")],
		["skip-metadata", { type: "metadata", url: "http://example.com/latin1", warcHeaders: { "Content-Type": "application/warc-fields" } }, enc("fetchTimeMs: 42\r\n")],
		["skip-revisit", { type: "revisit", url: "http://example.com/latin1", refersToUrl: "http://example.com/latin1", refersToDate: date }, new Uint8Array()],
	];
}

async function serialize(options, body, gzip) {
	const warcHeaders = { "WARC-Record-ID": nextId(), ...(options.warcHeaders || {}) };
	const record = await WARCRecord.create({ date, warcVersion: "WARC/1.1", ...options, warcHeaders }, once(body));
	return Buffer.from(await WARCSerializer.serialize(record, { gzip, preferPako: true }));
}

async function writeArchive(records, gzip) {
	resetIds();
	const parts = [];
	for (const [, options, body] of records) parts.push(await serialize(options, body, gzip));
	return Buffer.concat(parts);
}

// What warcio finds in `bytes`: offset, type, URL and decoded payload SHA-1.
async function parse(bytes) {
	const parser = new WARCParser([bytes]);
	const found = [];
	for await (const record of parser) {
		const payload = Buffer.from(await record.readFully(true));
		found.push({ offset: parser.offset, type: record.warcType, url: record.warcTargetURI || "-",
			sha1: createHash("sha1").update(payload).digest("hex") });
	}
	return found;
}

async function writeExpect(name, bytes, records) {
	const found = await parse(bytes);
	if (found.length !== records.length) throw new Error(`${name}: warcio found ${found.length} records`);
	const lines = found.map((f, i) => {
		const [what, charset = "-"] = records[i][0].split(" ");
		const page = what === "html" || what === "text";
		return [f.offset, f.type, what, page ? charset : "-", f.url, page ? f.sha1 : "-"].join(" ");
	});
	writeFileSync(name, lines.join("\n") + "\n");
}

const good = goodRecords();
for (const gzip of [false, true]) {
	const name = gzip ? "good.warc.gz" : "good.warc";
	const bytes = await writeArchive(good, gzip);
	writeFileSync(name, bytes);
	await writeExpect(name.replace(/\.warc(\.gz)?$/, gzip ? ".gz.expect" : ".expect"), bytes, good);
}

// --- broken archives -----------------------------------------------------
// Cut from or patched into the good ones; t1500 knows from good.expect where
// each record begins and checks that the error names it.
const goodPlain = readFileSync("good.warc");
const goodGzip = readFileSync("good.warc.gz");
const offsetsOf = (name) => readFileSync(name, "utf8").trim().split("\n").map((l) => Number(l.split(" ")[0]));
const plainOffsets = offsetsOf("good.expect");
const gzipOffsets = offsetsOf("good.gz.expect");

// Six records, the sixth (the deflate page) cut inside its block or header.
// The block is cut 20 bytes after the header's blank line (the header, with
// its two digests, is longer than 400 bytes).
const sixthBlock = goodPlain.indexOf("\r\n\r\n", plainOffsets[5]) + 4;
writeFileSync("truncated-block.warc", goodPlain.subarray(0, sixthBlock + 20));
writeFileSync("truncated-header.warc", goodPlain.subarray(0, plainOffsets[5] + 60));
// The same in gzip: the stream ends inside the sixth member.
writeFileSync("truncated.warc.gz", goodGzip.subarray(0, gzipOffsets[5] + 100));

// A byte of the third member's deflate data changed: zlib's checks catch it.
const corrupt = Buffer.from(goodGzip);
corrupt[gzipOffsets[2] + 60] ^= 0x55;
writeFileSync("corrupt.warc.gz", corrupt);

// The third record's Content-Length 5 too small, and 7 too large.
function patchLength(delta) {
	const start = plainOffsets[2];
	const text = goodPlain.subarray(start, plainOffsets[3]).toString("latin1");
	const patched = text.replace(/Content-Length: (\d+)/, (_, n) => `Content-Length: ${Number(n) + delta}`);
	return Buffer.concat([goodPlain.subarray(0, start), Buffer.from(patched, "latin1"),
		goodPlain.subarray(plainOffsets[3])]);
}
writeFileSync("bad-length-short.warc", patchLength(-5));
writeFileSync("bad-length-long.warc", patchLength(7));

// Payloads that are each wrong in their own way, then a good page: one bad
// record never stops the others.
const brokenGzip = Buffer.from(deterministicGzip(enc(html("Corrupt", "x".repeat(300)))));
brokenGzip[30] ^= 0xff;
brokenGzip[31] ^= 0xff;
const badPayloads = [
	["bad-chunk-size", { type: "response", url: "http://example.com/bad-chunk-size", httpHeaders: { "Content-Type": "text/html", "Transfer-Encoding": "chunked" } }, enc("5\r\nhello\r\nzz\r\nmore\r\n0\r\n\r\n")],
	["bad-chunk-data", { type: "response", url: "http://example.com/bad-chunk-data", httpHeaders: { "Content-Type": "text/html", "Transfer-Encoding": "chunked" } }, enc("5\r\nhello, more than five\r\n0\r\n\r\n")],
	["no-last-chunk", { type: "response", url: "http://example.com/no-last-chunk", httpHeaders: { "Content-Type": "text/html", "Transfer-Encoding": "chunked" } }, enc("5\r\nhello\r\n")],
	["corrupt-gzip", { type: "response", url: "http://example.com/corrupt-gzip", httpHeaders: { "Content-Type": "text/html", "Content-Encoding": "gzip" } }, brokenGzip],
	["truncated-gzip", { type: "response", url: "http://example.com/truncated-gzip", httpHeaders: { "Content-Type": "text/html", "Content-Encoding": "gzip" } }, deterministicGzip(enc(html("Cut", "y".repeat(300)))).subarray(0, 40)],
	["not-http", { type: "response", url: "http://example.com/not-http", statusline: "GARBAGE here", httpHeaders: { "Content-Type": "text/html" } }, enc("<p>not after an HTTP status line</p>")],
	["brotli", { type: "response", url: "http://example.com/brotli", httpHeaders: { "Content-Type": "text/html", "Content-Encoding": "br" } }, Buffer.from([0x1b, 0x03, 0x00, 0xf8])],
	["good", { type: "response", url: "http://example.com/after", httpHeaders: { "Content-Type": "text/html" } }, enc(html("After", "The page after the bad ones."))],
];
resetIds();
writeFileSync("bad-payloads.warc", await writeArchive(badPayloads, false));

// --- damage a page's record must not survive (issue 17) --------------------
// The trailer of the fourth record's member (its CRC-32), and the length in
// the fifth record's member trailer (ISIZE), changed: the deflate data is
// intact, so the page decodes whole and only the trailer tells.
const memberTrailer = (i) => gzipOffsets[i + 1] - 8;
const badCrc = Buffer.from(goodGzip);
badCrc[memberTrailer(3)] ^= 0x01;
writeFileSync("bad-crc.warc.gz", badCrc);
const badIsize = Buffer.from(goodGzip);
badIsize[memberTrailer(4) + 4] ^= 0x01;
writeFileSync("bad-isize.warc.gz", badIsize);

// A crawl as Heritrix writes it: a warcinfo, a dns: lookup as a response
// record of type text/dns (no HTTP in it), then a request and an HTTP
// response. warcio puts an HTTP status line in front of every response it
// writes, so the dns record is written here byte for byte as Heritrix 3
// writes one.
function dnsRecord(host, address) {
	const block = `20240102030405\n${host}.\t300\tIN\tA\t${address}\n`;
	const head = ["WARC/1.0", "WARC-Type: response", `WARC-Target-URI: dns:${host}`,
		`WARC-Date: ${date}`, "WARC-IP-Address: 192.0.2.53",
		`WARC-Record-ID: ${nextId()}`, "Content-Type: text/dns",
		`Content-Length: ${Buffer.byteLength(block)}`, "", ""].join("\r\n");
	return Buffer.from(head + block + "\r\n\r\n");
}
resetIds(100);
const heritrix = [
	await serialize({ type: "warcinfo", filename: "heritrix.warc" }, enc("software: Heritrix/3.4.0\r\n"), false),
	dnsRecord("example.com", "93.184.216.34"),
	await serialize({ type: "request", url: "http://example.com/", statusline: "GET / HTTP/1.1", httpHeaders: { Host: "example.com" } }, new Uint8Array(), false),
	await serialize({ type: "response", url: "http://example.com/", httpHeaders: { "Content-Type": "text/html" } }, enc(html("Crawled", "A page that Heritrix fetched after looking up its host.")), false),
	dnsRecord("example.org", "93.184.216.35"),
];
writeFileSync("heritrix.warc", Buffer.concat(heritrix));
