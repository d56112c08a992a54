import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CreatedKeyView } from '../../../../../shared/contract';
import { Badge } from '../../../ui';
import { useMoney } from './use-money';

export interface StudioKeysProps {
  /** Null while loading. */
  keys: readonly CreatedKeyView[] | null;
}

/**
 * The keys this studio created on gateways (for batches, and on this page): name, caps, expiry
 * and creation, never the secret. The interface cannot list or revoke keys, so each links to its
 * gateway, whose management page revokes it.
 */
export function StudioKeys({ keys }: StudioKeysProps) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (keys === null) return null;
  if (keys.length === 0) return <p className="account-updated">{t('account.keys.empty')}</p>;
  return (
    <ul className="studio-keys" aria-label={t('account.keys.listLabel')}>
      {keys.map((key) => {
        const facts = [
          key.unlimited || key.remainCredits === null ? t('account.keys.noCap') : t('account.keys.cap', { credits: money.credits(key.remainCredits) }),
          ...(key.dailyCredits ? [t('account.keys.daily', { credits: money.credits(key.dailyCredits) })] : []),
          ...(key.monthlyCredits ? [t('account.keys.monthly', { credits: money.credits(key.monthlyCredits) })] : []),
          key.modelLimits.length === 0 ? t('account.keys.allModels') : t('account.keys.models', { models: key.modelLimits.join(', ') }),
          key.expiresAt === null ? t('account.keys.never') : t('account.keys.expires', { time: when.format(key.expiresAt) }),
          t('account.keys.created', { time: when.format(key.createdAt) }),
        ];
        return (
          <li key={`${key.gateway} ${String(key.tokenId)}`} className="studio-key">
            <div className="studio-key-head">
              <strong>{key.name}</strong>
              <Badge tone="neutral">{t(key.purpose === 'batch' ? 'account.keys.batch' : 'account.keys.account')}</Badge>
              {key.purpose === 'batch' && (
                <span className="account-updated">{t(key.forgottenAt === null ? 'account.keys.held' : 'account.keys.forgotten')}</span>
              )}
            </div>
            <p className="studio-key-facts">{facts.join(' · ')}</p>
            {key.gateway === '' ? (
              <p className="account-updated">{t('account.keys.unknownGateway')}</p>
            ) : (
              <a
                className="button button-quiet button-sm"
                href={key.gateway}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('account.keys.revokeNamed', { name: key.name })}
              >
                <ExternalLink className="button-icon" aria-hidden="true" size={16} />
                {t('account.keys.revoke')}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
