/**
 * The assistant's conversations in the library database: one row per conversation, one per turn.
 * A reply's row is written before its request is sent (status `streaming`) and updated as it
 * ends, so what arrived is kept however the stream ends.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  studioErrorSchema,
  type AssistantAction,
  type AssistantMessage,
  type ConversationSummary,
  type MessageStatus,
  type StudioError,
  type TextStyle,
} from '../../../shared/contract';
import type { LibraryDatabase } from '../library';
import { createLogger } from '../log';

const log = createLogger('assistant');

interface ConversationRow {
  id: string;
  title: string;
  created_at: number;
  updated_at: number;
  message_count: number;
}

interface MessageRow {
  id: string;
  conversation_id: string;
  role: 'user' | 'assistant';
  action: string;
  text: string;
  status: MessageStatus;
  error: string | null;
  model: string | null;
  style: string | null;
  variant_id: string | null;
  image: string | null;
  created_at: number;
}

export interface NewMessage {
  conversationId: string;
  role: 'user' | 'assistant';
  action: AssistantAction;
  text: string;
  status: MessageStatus;
  model?: string | null;
  style?: TextStyle | null;
  variantId?: string | null;
  image?: { name: string; mime: string } | null;
}

const actionSchema = z.enum(['chat', 'improve', 'translate', 'describe', 'expand']);
const styleSchema = z.enum(['chat', 'responses', 'messages']);
const imageSchema = z.object({ name: z.string(), mime: z.string() });

const conversationColumns = `c.id, c.title, c.created_at, c.updated_at,
  (SELECT COUNT(*) FROM conversation_messages m WHERE m.conversation_id = c.id) AS message_count`;
const messageColumns = 'id, conversation_id, role, action, text, status, error, model, style, variant_id, image, created_at';

/** Longest conversation title: the start of its first message. */
const TITLE_CHARS = 60;

export function titleFrom(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1).trimEnd()}…` : line;
}

function toSummary(row: ConversationRow): ConversationSummary {
  return { id: row.id, title: row.title, createdAt: row.created_at, updatedAt: row.updated_at, messageCount: row.message_count };
}

/** A JSON column read leniently: a damaged value is dropped (logged), never fatal to the conversation. */
function readJson<T>(schema: z.ZodType<T>, text: string | null, where: string): T | null {
  if (text === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Logged below.
  }
  log.warn(`unreadable ${where}; left out`);
  return null;
}

function toMessage(row: MessageRow): AssistantMessage {
  const action = actionSchema.safeParse(row.action);
  const style = styleSchema.safeParse(row.style);
  return {
    id: row.id,
    conversationId: row.conversation_id,
    role: row.role,
    action: action.success ? action.data : 'chat',
    text: row.text,
    status: row.status,
    error: readJson<StudioError>(studioErrorSchema, row.error, `error of message ${row.id}`),
    model: row.model,
    style: style.success ? style.data : null,
    variantId: row.variant_id,
    image: readJson(imageSchema, row.image, `image of message ${row.id}`),
    createdAt: row.created_at,
  };
}

export function createConversation(db: LibraryDatabase, title: string): ConversationSummary {
  const id = randomUUID();
  const now = db.now();
  db.prepare('INSERT INTO conversations (id, title, created_at, updated_at) VALUES (?, ?, ?, ?)').run(id, title, now, now);
  return { id, title, createdAt: now, updatedAt: now, messageCount: 0 };
}

export function getConversation(db: LibraryDatabase, id: string): ConversationSummary | undefined {
  const row = db.prepare<[string], ConversationRow>(`SELECT ${conversationColumns} FROM conversations c WHERE c.id = ?`).get(id);
  return row && toSummary(row);
}

/** Conversations, the latest changed first. */
export function listConversations(db: LibraryDatabase, limit = 30): ConversationSummary[] {
  return db
    .prepare<[number], ConversationRow>(`SELECT ${conversationColumns} FROM conversations c ORDER BY c.updated_at DESC, c.id DESC LIMIT ?`)
    .all(limit)
    .map(toSummary);
}

export function deleteConversation(db: LibraryDatabase, id: string): boolean {
  return db.prepare('DELETE FROM conversations WHERE id = ?').run(id).changes === 1;
}

/** A conversation's turns in order. */
export function listMessages(db: LibraryDatabase, conversationId: string): AssistantMessage[] {
  return db
    .prepare<[string], MessageRow>(`SELECT ${messageColumns} FROM conversation_messages WHERE conversation_id = ? ORDER BY seq`)
    .all(conversationId)
    .map(toMessage);
}

function getMessage(db: LibraryDatabase, id: string): AssistantMessage | undefined {
  const row = db.prepare<[string], MessageRow>(`SELECT ${messageColumns} FROM conversation_messages WHERE id = ?`).get(id);
  return row && toMessage(row);
}

export function addMessage(db: LibraryDatabase, message: NewMessage): AssistantMessage {
  const id = randomUUID();
  const now = db.now();
  db.transaction(() => {
    db.prepare(
      `INSERT INTO conversation_messages (id, conversation_id, role, action, text, status, model, style, variant_id, image, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      message.conversationId,
      message.role,
      message.action,
      message.text,
      message.status,
      message.model ?? null,
      message.style ?? null,
      message.variantId ?? null,
      message.image ? JSON.stringify(message.image) : null,
      now,
    );
    db.prepare('UPDATE conversations SET updated_at = ? WHERE id = ?').run(now, message.conversationId);
  });
  const added = getMessage(db, id);
  if (!added) throw new Error(`Message ${id} vanished while it was being written.`);
  return added;
}

/** Keeps the text a reply has so far (while it streams). */
export function saveReplyText(db: LibraryDatabase, id: string, text: string): void {
  db.prepare("UPDATE conversation_messages SET text = ? WHERE id = ? AND status = 'streaming'").run(text, id);
}

/** Closes a reply with its final text and how it ended. */
export function endReply(
  db: LibraryDatabase,
  id: string,
  end: { text: string; status: Exclude<MessageStatus, 'streaming'>; error?: StudioError | null },
): AssistantMessage {
  db.prepare('UPDATE conversation_messages SET text = ?, status = ?, error = ? WHERE id = ?').run(
    end.text,
    end.status,
    end.error ? JSON.stringify(end.error) : null,
    id,
  );
  const message = getMessage(db, id);
  if (!message) throw new Error(`Message ${id} vanished while it was being written.`);
  return message;
}

/** Replies still `streaming` when the studio starts were cut by a stop or a crash: they fail, keeping their text. */
export function failInterruptedReplies(db: LibraryDatabase, error: StudioError): number {
  return db.prepare("UPDATE conversation_messages SET status = 'failed', error = ? WHERE status = 'streaming'").run(JSON.stringify(error)).changes;
}
