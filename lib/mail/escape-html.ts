// Text into an email's HTML part: every character that could open markup or end an attribute.
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
