const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&#39;', '<': '&lt;', '>': '&gt;' };

/** `value` safe inside an HTML attribute (double or single quoted) or as element text. */
export function escapeHtmlAttribute(value: string): string {
  return value.replace(/[&"'<>]/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * `value` as JSON to put inside a `<script>` data block (`application/json`, `application/ld+json`):
 * every `<` written as `\u003c`, so no text in it can close the element or open a comment. JSON
 * allows `<` only inside strings, where the escape reads back as the same character.
 */
export function jsonScriptText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
