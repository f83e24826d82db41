// read-wet.mjs: reads WET files with warcio, an implementation independent
// of ours, and prints one JSON line per record: what t1610 compares with
// tests/t1610/expected.txt. Values that are random or depend on the time
// (record ids, a date of "now") are printed as checks, not as themselves.
//
//   node read-wet.mjs FILE...
import { WARCParser } from "warcio";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";

function base32(bytes) {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
	let bits = 0, value = 0, out = "";
	for (const byte of bytes) {
		value = (value << 8) | byte;
		bits += 8;
		while (bits >= 5) {
			out += alphabet[(value >>> (bits - 5)) & 31];
			bits -= 5;
		}
	}
	if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
	return out;
}

const uuid = /^<urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}>$/;
const isoDate = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

for (const file of process.argv.slice(2)) {
	const parser = new WARCParser(createReadStream(file));
	const ids = new Set();
	for await (const record of parser) {
		const block = Buffer.from(await record.readFully(false));
		const id = record.warcHeader("WARC-Record-ID");
		const digest = "sha1:" + base32(createHash("sha1").update(block).digest());
		console.log(JSON.stringify({
			version: record.warcHeaders.statusline,
			type: record.warcType,
			uri: record.warcTargetURI ?? null,
			date: isoDate.test(record.warcDate) ? "ok" : record.warcDate,
			refersTo: record.warcHeader("WARC-Refers-To") ?? null,
			contentType: record.warcContentType,
			lengthOk: record.warcContentLength === block.length,
			idOk: uuid.test(id) && !ids.has(id),
			digestOk: record.warcType === "warcinfo" || record.warcBlockDigest === digest,
			text: block.toString("utf8"),
		}));
		ids.add(id);
	}
}
