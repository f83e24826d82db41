// fixture-lib.mjs: what the fixture writers of this folder share, so that
// their archives have the same fixed date and the same form of record ids.
export const date = "2024-01-02T03:04:05Z";
export const enc = (s) => new TextEncoder().encode(s);

// Record ids 1, 2, 3 ... in the order they are asked for; resetIds(N)
// goes on from N + 1 (each archive of a writer numbers its own records).
let idCounter = 0;
export const nextId = () =>
	`<urn:uuid:00000000-0000-4000-8000-${String(++idCounter).padStart(12, "0")}>`;
export function resetIds(last = 0) {
	idCounter = last;
}

// A record body warcio reads as a stream: the bytes in one piece.
export async function* once(bytes) {
	if (bytes.length) yield bytes;
}
