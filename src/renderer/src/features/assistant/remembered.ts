/**
 * What the assistant remembers between visits: whether its panel is open and the model chosen
 * (this computer), and the conversation of this Create session (this tab, so a new window starts
 * a new conversation while a reload continues the current one).
 */
const OPEN_KEY = 'atelier.assistant.open';
const MODEL_KEY = 'atelier.assistant.model';
const CONVERSATION_KEY = 'atelier.assistant.conversation';

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // A full or disabled storage only costs the choice at the next visit.
  }
}

const local = (): Storage => globalThis.localStorage;
const session = (): Storage => globalThis.sessionStorage;

export const remembered = {
  /**
   * Open where it was left open and the window has room for it beside the form and Results. At
   * first it waits to be asked for, so Results keeps its room; in a narrower window it is a drawer
   * over both, so it waits to be asked for on each visit.
   */
  open: (): boolean => globalThis.innerWidth > 1100 && read(local, OPEN_KEY) === 'open',
  setOpen: (open: boolean): void => write(local, OPEN_KEY, open ? 'open' : 'closed'),
  model: (): string | null => read(local, MODEL_KEY),
  setModel: (model: string): void => write(local, MODEL_KEY, model),
  conversation: (): string | null => read(session, CONVERSATION_KEY),
  setConversation: (id: string | null): void => write(session, CONVERSATION_KEY, id),
};
