import { findSandboxOperator } from './operators';

/**
 * Generated logos: the operator's initials on its brand colour. Drawn here rather than shipped as
 * trademarked artwork; the title says it is a sandbox logo.
 */
export function operatorLogoSvg(operatorId: number): string | null {
  const op = findSandboxOperator(operatorId);
  if (!op) return null;
  const fontSize = op.mark.length <= 2 ? 40 : op.mark.length === 3 ? 32 : 26;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" role="img">',
    `<title>${escapeXml(op.name)} (sandbox logo)</title>`,
    `<rect width="96" height="96" rx="20" fill="${op.colour}"/>`,
    `<text x="48" y="48" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif"`,
    ` font-weight="700" font-size="${fontSize}" fill="${textColour(op.colour)}">${escapeXml(op.mark)}</text>`,
    '</svg>',
  ].join('');
}

/** Dark text on light colours (MTN yellow), white on the rest, so the initials stay readable. */
function textColour(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.6 ? '#111111' : '#ffffff';
}

/** Names such as "AT&T" and "Côte d'Ivoire" must not break the markup. */
function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&apos;');
}
