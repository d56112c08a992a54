import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../../../shared/contract';

interface ActiveGatewayPickerProps {
  profiles: Profile[];
  /** Null: the demo gateway. */
  activeProfileId: string | null;
  onChoose: (profileId: string | null) => void;
}

/** One radio per profile plus the demo gateway; choosing one switches gateway at once. */
export function ActiveGatewayPicker({ profiles, activeProfileId, onChoose }: ActiveGatewayPickerProps) {
  const { t } = useTranslation();
  const name = useId();
  const options = [
    { id: null, label: t('activeGateway.demo'), hint: t('activeGateway.demoHint') },
    ...profiles.map((p) => ({
      id: p.id,
      label: p.name,
      hint: p.hasApiKey ? p.baseUrl : t('activeGateway.noKeyHint', { url: p.baseUrl }),
    })),
  ];
  return (
    <fieldset className="settings-section radio-group" role="radiogroup">
      <legend>
        <h2>{t('activeGateway.heading')}</h2>
      </legend>
      {options.map((option) => {
        const id = `${name}-${option.id ?? 'demo'}`;
        return (
          <div key={id} className="radio-option">
            <input
              type="radio"
              id={id}
              name={name}
              checked={option.id === activeProfileId}
              onChange={() => onChoose(option.id)}
              aria-describedby={`${id}-hint`}
            />
            <div className="radio-text">
              <label htmlFor={id}>{option.label}</label>
              <p id={`${id}-hint`} className="radio-hint">
                {option.hint}
              </p>
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
