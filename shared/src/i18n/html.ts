/** Escapes text for HTML (Telegram's HTML parse mode, e-mail HTML): every catalog function that writes HTML escapes its parameters with it. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
