import { useTranslation } from 'react-i18next';
import type { AssistantModel, TextStyle } from '../../../../../shared/contract';
import { Select } from '../../../ui';
import './ModelRow.css';

export interface ModelRowProps {
  models: readonly AssistantModel[];
  model: AssistantModel | undefined;
  onModel: (id: string) => void;
  onStyle: (style: TextStyle | null) => void;
}

/** The text model and the request style it is called in (automatic, or the artist's choice). */
export function ModelRow({ models, model, onModel, onStyle }: ModelRowProps) {
  const { t } = useTranslation();
  const styleName = (style: TextStyle): string => t(`assistant.styles.${style}`);
  return (
    <div className="assistant-models">
      <Select
        label={t('assistant.model')}
        className="assistant-model-field"
        look={{ small: true, inline: true }}
        value={model?.id ?? ''}
        options={models.map((entry) => ({ value: entry.id, label: entry.id }))}
        onChange={onModel}
      />
      {model && (
        <Select<'auto' | TextStyle>
          label={t('assistant.style')}
          className="assistant-model-field"
          look={{ small: true, inline: true }}
          value={model.overridden ? model.style : 'auto'}
          options={[
            { value: 'auto', label: t('assistant.styleAuto', { style: styleName(model.autoStyle) }) },
            ...model.styles.map((style) => ({ value: style, label: styleName(style) })),
          ]}
          onChange={(value) => onStyle(value === 'auto' ? null : value)}
        />
      )}
    </div>
  );
}
