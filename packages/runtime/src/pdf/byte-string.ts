/**
 * Bytes as a string of one character per byte, U+0000 to U+00FF, as PDF syntax is read: a byte's character is its
 * value, so offsets in the string are offsets in the bytes and the bytes can be taken back. Not `TextDecoder("latin1")`:
 * that is windows-1252 by the Encoding Standard (0x80 is "€"), which Node 20 did not follow and Node 24 does.
 */
export function byteString(bytes: Uint8Array): string {
  const chunk = 0x2000;
  let text = "";
  for (let i = 0; i < bytes.length; i += chunk) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + chunk) as unknown as number[]);
  }
  return text;
}
