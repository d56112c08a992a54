import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ConversationSummary } from '../../../../../shared/contract';
import { Dialog, IconButton } from '../../../ui';
import './ConversationsDialog.css';

export interface ConversationsDialogProps {
  open: boolean;
  conversations: readonly ConversationSummary[];
  currentId: string | null;
  onOpen: (id: string) => void;
  onDelete: (conversation: ConversationSummary) => void;
  onClose: () => void;
  dateOf: (time: number) => string;
}

/** Earlier conversations, the latest first: reopen one to continue it, or delete it. */
export function ConversationsDialog({ open, conversations, currentId, onOpen, onDelete, onClose, dateOf }: ConversationsDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} title={t('assistant.conversations')} onClose={onClose} closeLabel={t('assistant.closeDialog')}>
      {conversations.length === 0 ? (
        <p className="conversation-empty">{t('assistant.conversationsEmpty')}</p>
      ) : (
        <ul className="conversation-list">
          {conversations.map((conversation) => (
            <li key={conversation.id} className="conversation-entry">
              <button
                type="button"
                className="conversation-open"
                aria-current={conversation.id === currentId || undefined}
                onClick={() => onOpen(conversation.id)}
              >
                <span className="conversation-title">{conversation.title}</span>
                <span className="conversation-meta">
                  {t('assistant.conversationMeta', { count: conversation.messageCount, date: dateOf(conversation.updatedAt) })}
                </span>
              </button>
              <IconButton
                size="sm"
                icon={Trash2}
                label={t('assistant.deleteConversation', { title: conversation.title })}
                onClick={() => onDelete(conversation)}
              />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
