import { shownFileName } from '@vault/contract/schemas/chat';
import { describe, expect, it } from 'vitest';
import { dayLabel, initialsOf, previewOf, whenShort } from '../src/features/support/describe';
import { attachmentProblem } from '../src/features/support/queries';

/** How the support desk words a conversation (features/support/describe.ts): the spec's cuts, days, initials. */
describe('support desk wording', () => {
  it('shows the last 28 characters of a long file name, a short one whole', () => {
    expect(shownFileName('account-statement-november-2026-final.pdf')).toBe('…ment-november-2026-final.pdf');
    expect(shownFileName('…ment-november-2026-final.pdf'.slice(1))).toHaveLength(28);
    expect(shownFileName('receipt.png')).toBe('receipt.png');
  });

  it('previews a last message in 25 characters, or says what was attached', () => {
    expect(previewOf({ text: 'My wire has not arrived yet', type: 'text' })).toBe('My wire has not arrived y…');
    expect(previewOf({ text: 'line one\n\nline two', type: 'text' })).toBe('line one line two');
    expect(previewOf({ text: '', type: 'image' })).toBe('Image');
    expect(previewOf({ text: '', type: 'file' })).toBe('File');
  });

  it('names days as today, yesterday, or the date; times today, days before', () => {
    const now = new Date(2026, 10, 23, 15, 0);
    expect(dayLabel(new Date(2026, 10, 23, 0, 5).toISOString(), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 22, 23, 55).toISOString(), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 10, 20, 12, 0).toISOString(), now)).toMatch(/^Friday,? 20 November 2026$/);
    expect(whenShort(new Date(2026, 10, 23, 9, 7).toISOString(), now)).toBe('09:07');
    expect(whenShort(new Date(2026, 10, 2, 9, 7).toISOString(), now)).toBe('2 Nov');
  });

  it('makes initials from the name, else the e-mail', () => {
    expect(initialsOf('Sam Support Person', 's@example.com')).toBe('SS');
    expect(initialsOf('  ', 'erin@example.com')).toBe('E');
  });

  it('says at once which attachments the server would refuse', () => {
    const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
    expect(attachmentProblem(file('terms.PDF'))).toBeNull();
    expect(attachmentProblem(file('tool.exe'))).toMatch(/^Attach a file of these kinds/);
    expect(attachmentProblem(file('big.png', 5 * 1024 * 1024 + 1))).toBe('The file is larger than 5 MB');
  });
});
