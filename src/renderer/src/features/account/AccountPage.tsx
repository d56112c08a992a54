import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { CreatedTokenView } from '../../../../shared/contract';
import { useErrorAlert } from '../../errors/alert-store';
import { fieldErrorsOf } from '../../errors/field-errors';
import { useTranslate } from '../../i18n/use-words';
import { Button, Page, Skeleton, showToast } from '../../ui';
import { useProfilesStore } from '../../entities/profiles-store';
import { settingsSelectors, useSettingsStore } from '../../entities/settings-store';
import { keyInputOf, type KeyDraft } from './account-model';
import { useAccountStore } from './account-store';
import { useBalanceStore } from '../../entities/balance-store';
import { BalanceCard } from './components/BalanceCard';
import { CreatedKey } from './components/CreatedKey';
import { KeyForm } from './components/KeyForm';
import { SpendChart } from './components/SpendChart';
import './account.css';
import { StudioKeys } from './components/StudioKeys';

/** Account: the balance of the key and of the account, credits spent per day, and restricted keys. */
export function AccountPage() {
  const { t, i18n } = useTranslation();
  const alert = useErrorAlert();
  const translate = useTranslate();
  const { balance, balanceAt } = useBalanceStore(useShallow((s) => ({ balance: s.balance, balanceAt: s.balanceAt })));
  const { spend, models, studioKeys } = useAccountStore(useShallow((s) => ({ spend: s.spend, models: s.models, studioKeys: s.studioKeys })));
  const activeProfileId = useSettingsStore(settingsSelectors.activeProfileId);
  const activeProfile = useProfilesStore((s) => s.profiles.find((p) => p.id === activeProfileId) ?? null);
  const [refreshing, setRefreshing] = useState(false);
  // The new key lives here only, never in a store: leaving the page forgets it.
  const [created, setCreated] = useState<CreatedTokenView | null>(null);

  const refresh = async (): Promise<void> => {
    setRefreshing(true);
    alert.track(await useBalanceStore.getState().refresh());
    setRefreshing(false);
  };
  useEffect(() => {
    // Once per visit; the refresh button and finished batches ask again.
    const store = useAccountStore.getState();
    void useBalanceStore.getState().refresh().then(alert.track);
    void store.loadSpend();
    void store.loadModels();
    void store.loadStudioKeys();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const create = async (draft: KeyDraft) => {
    const answer = await useAccountStore.getState().createToken(keyInputOf(draft));
    if (answer.ok) {
      setCreated(answer.value);
      void useAccountStore.getState().loadStudioKeys();
      return null;
    }
    const fields = fieldErrorsOf(answer.error, translate);
    if (Object.keys(fields).length === 0) alert.track(answer);
    return fields;
  };
  const saveIntoProfile = async (name: string, baseUrl: string) => {
    if (created === null) return null;
    const profiles = useProfilesStore.getState();
    const saved = await profiles.save({ name, baseUrl });
    if (!saved.ok) {
      const fields = fieldErrorsOf(saved.error, translate);
      if (Object.keys(fields).length === 0) alert.track(saved);
      return fields;
    }
    const keyed = alert.track(await profiles.setApiKey(saved.value.id, created.key));
    if (!keyed.ok) return {};
    showToast((t) => t('account.created.saved', { name: saved.value.name }), 'success');
    setCreated(null);
    return null;
  };

  const updated =
    balanceAt === null ? null : new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(balanceAt);
  return (
    <Page
      title={t('pages.account.title')}
      lead={t('pages.account.description')}
      width="wide"
      actions={
        <Button icon={RefreshCw} onClick={() => void refresh()} disabled={refreshing}>
          {t('account.refresh')}
        </Button>
      }
    >
      <div className="account-page">
        <section className="account-section" aria-labelledby="account-balance">
          <div className="account-section-head">
            <h2 id="account-balance">{t('account.balanceTitle')}</h2>
            <p className="account-updated" role="status">
              {refreshing ? t('account.refreshing') : updated === null ? '' : t('account.updated', { time: updated })}
              {balance?.demoMode === true && <> · {t('account.demo')}</>}
            </p>
          </div>
          {balance === null ? (
            <Skeleton lines={4} width="100%" />
          ) : (
            <div className="balance-cards">
              <BalanceCard title={t('account.tokenLevel')} help={t('account.tokenHelp')} balance={balance.token} problem={null} />
              <BalanceCard title={t('account.userLevel')} help={t('account.userHelp')} balance={balance.user} problem={balance.userError} />
            </div>
          )}
        </section>
        <section className="account-section" aria-labelledby="account-spend">
          <div className="account-section-head">
            <h2 id="account-spend">{t('account.spend.title')}</h2>
            <p className="account-updated">{t('account.spend.help')}</p>
          </div>
          <SpendChart days={spend} />
        </section>
        <section className="account-section" aria-labelledby="account-keys">
          <div className="account-section-head">
            <h2 id="account-keys">{t('account.key.title')}</h2>
            <p className="account-updated">{t('account.key.help')}</p>
          </div>
          {created !== null && <CreatedKey created={created} baseUrl={activeProfile?.baseUrl ?? ''} onSave={saveIntoProfile} onDone={() => setCreated(null)} />}
          <KeyForm models={models} onCreate={create} />
        </section>
        <section className="account-section" aria-labelledby="account-studio-keys">
          <div className="account-section-head">
            <h2 id="account-studio-keys">{t('account.keys.title')}</h2>
            <p className="account-updated">{t('account.keys.help')}</p>
          </div>
          <StudioKeys keys={studioKeys} />
        </section>
      </div>
    </Page>
  );
}
