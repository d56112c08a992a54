/**
 * A preset's text put into the prompt box and taken out again: before or after the prompt (each
 * line of a batch in lines mode), joined as the language asks (a comma, or a Chinese comma after
 * Chinese text). Applying twice adds nothing; removing takes out only what applying put there.
 */
import type { DraftMode } from '../../../entities/prompt-draft-store';

export interface PresetText {
  text: string;
  placement: 'before' | 'after';
}

const endsInHan = (text: string): boolean => /\p{Script=Han}$/u.test(text);
const endsInPunctuation = (text: string): boolean => /[,.;:!?，。；：！？、]$/u.test(text);

function joined(prompt: string, preset: PresetText): string {
  const text = preset.text.trim();
  const base = prompt.trim();
  if (base === '') return text;
  if (preset.placement === 'before') return `${text}${endsInHan(text) ? '' : ' '}${base}`;
  const separator = endsInPunctuation(base) ? (endsInHan(base.slice(0, -1)) ? '' : ' ') : endsInHan(base) ? '，' : ', ';
  return `${base}${separator}${text}`;
}

function withoutPreset(prompt: string, preset: PresetText): string {
  const text = preset.text.trim();
  const base = prompt.trim();
  if (text === '' || !base.includes(text)) return prompt;
  if (base === text) return '';
  if (preset.placement === 'before' && base.startsWith(text)) return base.slice(text.length).trim();
  if (preset.placement === 'after' && base.endsWith(text))
    return base
      .slice(0, -text.length)
      .replace(/[\s,，]+$/u, '')
      .trim();
  return prompt;
}

const hasPreset = (prompt: string, preset: PresetText): boolean => {
  const base = prompt.trim();
  const text = preset.text.trim();
  return preset.placement === 'before' ? base.startsWith(text) : base.endsWith(text);
};

/** Each prompt of the box: every non-empty line in lines mode, else the whole text. */
function eachPrompt(prompt: string, mode: DraftMode, change: (line: string) => string): string {
  if (mode !== 'lines') return change(prompt);
  return prompt
    .split('\n')
    .map((line) => (line.trim() === '' ? line : change(line)))
    .join('\n');
}

/** The box with the preset's text added to each prompt that does not have it yet. */
export function applyPresetText(prompt: string, mode: DraftMode, preset: PresetText): string {
  if (preset.text.trim() === '') return prompt;
  return eachPrompt(prompt, mode, (line) => (line.trim() !== '' && hasPreset(line, preset) ? line : joined(line, preset)));
}

/** The box with the preset's text taken out of each prompt where applying put it. */
export function removePresetText(prompt: string, mode: DraftMode, preset: PresetText): string {
  if (preset.text.trim() === '') return prompt;
  return eachPrompt(prompt, mode, (line) => withoutPreset(line, preset));
}
