import { ClipboardCopy, ListPlus, Replace, TextCursorInput } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AssistantMessage } from '../../../../../shared/contract';
import { ErrorMessage } from '../../../errors/ErrorMessage';
import { Button } from '../../../ui';
import { linesFromReply } from '../model/reply-text';
import './MessageItem.css';

export interface MessageItemProps {
  message: AssistantMessage;
  /** The label of an artist's turn ("Improve for …"), or null for a plain message. */
  turnLabel: string | null;
  onUse: (mode: 'replace' | 'insert') => void;
  onLines: (lines: string[]) => void;
  onCopy: () => void;
}

/** One turn: the artist's message (with what it asked), or a reply as it streams, with what can be done with it. */
export function MessageItem({ message, turnLabel, onUse, onLines, onCopy }: MessageItemProps) {
  const { t } = useTranslation();
  const streaming = message.status === 'streaming';
  if (message.role === 'user') {
    return (
      <li className="assistant-turn assistant-turn-user">
        <p className="assistant-who">{turnLabel ?? t('assistant.you')}</p>
        {message.text.trim() !== '' && <p className="assistant-text">{message.text}</p>}
        {message.image && <p className="assistant-image-note">{t('assistant.imageSent', { name: message.image.name })}</p>}
      </li>
    );
  }
  const lines = message.action === 'expand' ? linesFromReply(message.text) : [];
  const usable = !streaming && message.text.trim() !== '';
  return (
    <li className={`assistant-turn assistant-turn-reply assistant-turn-${message.status}`}>
      <p className="assistant-who">{t('assistant.assistantName')}</p>
      <p className="assistant-text" aria-busy={streaming || undefined}>
        {message.text}
        {streaming && <span className="assistant-caret" aria-hidden="true" />}
      </p>
      {streaming && (
        <div className="assistant-turn-status">
          <span role="status">{t('assistant.status.writing')}</span>
        </div>
      )}
      {message.status === 'canceled' && <p className="assistant-turn-note">{t('assistant.status.stopped')}</p>}
      {message.status === 'failed' && message.error && <ErrorMessage error={message.error} />}
      {usable && (
        <div className="assistant-turn-actions">
          {lines.length >= 2 ? (
            <Button size="sm" variant="primary" icon={ListPlus} onClick={() => onLines(lines)}>
              {t('assistant.useLines', { count: lines.length })}
            </Button>
          ) : (
            <Button size="sm" variant="primary" icon={Replace} onClick={() => onUse('replace')}>
              {t('assistant.use')}
            </Button>
          )}
          <Button size="sm" variant="quiet" icon={TextCursorInput} onClick={() => onUse('insert')}>
            {t('assistant.insert')}
          </Button>
          <Button size="sm" variant="quiet" icon={ClipboardCopy} onClick={onCopy}>
            {t('assistant.copy')}
          </Button>
        </div>
      )}
    </li>
  );
}
