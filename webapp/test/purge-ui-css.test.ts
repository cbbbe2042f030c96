import { describe, expect, it } from 'vitest';
import { purge } from '../vite/purge-ui-css';

describe('unused telegram-ui CSS', () => {
  const used = new Set(['tgui-0000000000000001']);
  it('drops rules naming only unused telegram-ui classes and keeps the rest', () => {
    const css = [
      '.tgui-0000000000000001{color:red}',
      '.tgui-0000000000000002{color:blue}',
      '.tgui-0000000000000001 .tgui-0000000000000002,.tgui-0000000000000001:hover{color:green}',
      '.wz-tile{color:black}',
      '@media (min-width:1px){.tgui-0000000000000002{color:blue}}',
      '@keyframes tgui-spin{to{transform:rotate(1turn)}}',
    ].join('');
    const out = purge(css, used);
    expect(out).toContain('.tgui-0000000000000001{color:red}');
    expect(out).not.toContain('color:blue');
    expect(out).toContain('.tgui-0000000000000001:hover{color:green}');
    expect(out).toContain('.wz-tile{color:black}');
    expect(out).not.toContain('@media');
    expect(out).toContain('@keyframes tgui-spin');
  });
});
