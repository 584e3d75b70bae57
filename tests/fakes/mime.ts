/**
 * Just enough MIME decoding to read what nodemailer sends (headers, multipart/alternative,
 * quoted-printable, base64, RFC 2047 encoded words), so the fake SMTP server can hand tests the
 * subject, the text and the HTML of a message.
 */

export interface DecodedMail {
  subject: string;
  text: string;
  html: string;
}

function splitHeaderAndBody(raw: string): { headers: Map<string, string>; body: string } {
  const separator = raw.indexOf("\r\n\r\n");
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? "" : raw.slice(separator + 4);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(value: string): Buffer {
  const joined = value.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const char = joined[i];
    const hex = joined.slice(i + 1, i + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable":
      return decodeQuotedPrintable(body).toString("utf8");
    default:
      return body;
  }
}

/** "=?UTF-8?Q?Best=C3=A4tige?=" and "=?UTF-8?B?...?=" words in a header. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")).toString("utf8"),
    );
}

function collectParts(raw: string, into: { text: string; html: string }): void {
  const { headers, body } = splitHeaderAndBody(raw);
  const contentType = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith("multipart/") && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith("--")) break;
      collectParts(part.replace(/^\r\n/, ""), into);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get("content-transfer-encoding"));
  if (contentType.toLowerCase().startsWith("text/html")) into.html = decoded;
  else if (contentType.toLowerCase().startsWith("text/plain")) into.text = decoded;
}

export function decodeMail(raw: string): DecodedMail {
  const { headers } = splitHeaderAndBody(raw);
  const parts = { text: "", html: "" };
  collectParts(raw, parts);
  return { subject: decodeEncodedWords(headers.get("subject") ?? ""), ...parts };
}
