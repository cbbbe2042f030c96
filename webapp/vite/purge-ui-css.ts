import crypto from 'node:crypto';
import path from 'node:path';
import postcss from 'postcss';
import type { Plugin } from 'vite';

/**
 * telegram-ui ships one stylesheet for all its components (about 11 KB gzip); the mini-app uses a
 * handful of them. Its class names are hashed (`tgui-` and 16 hex digits) and appear verbatim in the
 * components' JavaScript, so after bundling, every rule whose selectors all name a telegram-ui class
 * that no chunk contains is dropped. The stylesheet is then renamed after its new content (assets are
 * served as immutable) and the references to it are updated.
 */
const CLASS = /tgui-[0-9a-f]{16}/g;

export function purgeUnusedUiCss(): Plugin {
  return {
    name: 'purge-unused-ui-css',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const used = new Set<string>();
        for (const file of Object.values(bundle)) if (file.type === 'chunk') for (const m of file.code.matchAll(CLASS)) used.add(m[0]);
        const renames = new Map<string, string>();
        for (const file of Object.values(bundle)) {
          if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
          const source = typeof file.source === 'string' ? file.source : Buffer.from(file.source).toString('utf8');
          const purged = purge(source, used);
          if (purged === source) continue;
          const hash = crypto.createHash('sha256').update(purged).digest('base64url').slice(0, 8);
          const renamed = file.fileName.replace(/-[\w-]{8}\.css$/, `-${hash}.css`);
          if (renamed === file.fileName) {
            file.source = purged;
            continue;
          }
          renames.set(file.fileName, renamed);
          delete bundle[file.fileName];
          this.emitFile({ type: 'asset', fileName: renamed, source: purged });
        }
        if (!renames.size) return;
        const rename = (text: string) => {
          for (const [from, to] of renames) text = text.replaceAll(path.basename(from), path.basename(to));
          return text;
        };
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk') file.code = rename(file.code);
          else if (file.fileName.endsWith('.html') && typeof file.source === 'string') file.source = rename(file.source);
        }
      },
    },
  };
}

/** Drops selectors that name an unused telegram-ui class, and rules left with none. */
export function purge(css: string, used: ReadonlySet<string>): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as postcss.AtRule).name)) return;
    const kept = rule.selectors.filter((selector) => [...selector.matchAll(CLASS)].every((m) => used.has(m[0])));
    if (kept.length === 0) rule.remove();
    else if (kept.length !== rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((at) => {
    if (at.nodes && at.nodes.length === 0) at.remove();
  });
  return root.toString();
}
