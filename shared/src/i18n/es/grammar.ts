/** "en Camerún", "en Estados Unidos": Spanish needs no article before a country's name here. */
export function inCountry(_code: string, name: string): string {
  return `en ${name}`;
}
