/** Escapes text for Telegram's HTML parse mode. Every locale function escapes its parameters with it. */
export function h(value: string | number): string {
  return String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
