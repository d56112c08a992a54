import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpUrl, type NamedCharacter } from '../../../../../shared/catalog';
import type { AssetView, StudioError } from '../../../../../shared/contract';
import { ErrorMessage } from '../../../errors/ErrorMessage';
import { Button, Dialog, SegmentedControl, Select, TextField } from '../../../ui';
import type { CharacterRequest } from '../store/character-slice';
import { CharacterNameField, characterNameError } from './CharacterNameField';
import { SegmentScrubber } from './SegmentScrubber';
import './CharacterDialog.css';

export interface CharacterDialogProps {
  open: boolean;
  videos: readonly AssetView[];
  /** The library's characters: a new one's name must not repeat theirs. */
  characters: readonly NamedCharacter[];
  initialAssetId: string | null;
  mediaUrl: (libraryPath: string) => string;
  onClose: () => void;
  /** Starts the character; resolves to the refusal to show, or null once it is on its way. */
  onCreate: (request: CharacterRequest) => Promise<StudioError | null>;
}

const SEGMENT = 2;

/**
 * Create a character: from a finished video of the library or a video address, with the
 * 2-second segment it appears in picked on a scrubber. The task then runs in the recent strip
 * until the character joins the registry.
 */
export function CharacterDialog(props: CharacterDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={props.open}
      title={t('create.character.title')}
      description={t('create.character.lead')}
      onClose={props.onClose}
      closeLabel={t('editor.close')}
      size="wide"
    >
      {/* Mounted while open, so each opening starts fresh. */}
      {props.open && <CharacterForm key={props.initialAssetId ?? ''} {...props} />}
    </Dialog>
  );
}

function CharacterForm({ videos, characters, initialAssetId, mediaUrl, onClose, onCreate }: CharacterDialogProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'library' | 'address'>(initialAssetId !== null || videos.length > 0 ? 'library' : 'address');
  const [picked, setPicked] = useState(initialAssetId ?? '');
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [name, setName] = useState('');
  const [useSegment, setUseSegment] = useState(true);
  const [start, setStart] = useState(0);
  const [length, setLength] = useState('10');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<StudioError | null>(null);
  const [tried, setTried] = useState(false);

  // The videos arrive after the dialog opens: until one is picked, the first is.
  const assetId = picked !== '' ? picked : (videos[0]?.id ?? '');
  const video = videos.find((candidate) => candidate.id === assetId);

  const duration = kind === 'library' ? (video?.durationMs ?? 0) / 1000 : Number(length) || 0;
  const problems = {
    description: description.trim() === '' ? t('create.character.needDescription') : undefined,
    source: kind === 'library' ? (video ? undefined : t('create.character.needVideo')) : isHttpUrl(url.trim()) ? undefined : t('create.character.needAddress'),
    length: kind === 'address' && !(Number(length) >= SEGMENT) ? t('create.character.needLength', { seconds: SEGMENT }) : undefined,
    name: characterNameError(t, name, characters),
  };
  const segmenting = kind === 'address' || useSegment;

  const submit = async (): Promise<void> => {
    setTried(true);
    if (Object.values(problems).some(Boolean)) return;
    setBusy(true);
    const segment = segmenting ? `${start},${Math.round((start + SEGMENT) * 10) / 10}` : undefined;
    const source = kind === 'library' ? { kind, assetId } : { kind, url: url.trim() };
    const named = name.trim() === '' ? {} : { name: name.trim() };
    const refused = await onCreate({ description: description.trim(), ...named, source, ...(segment === undefined ? {} : { segment }) });
    setBusy(false);
    setError(refused);
    if (!refused) onClose();
  };

  const shown = (message: string | undefined): string | undefined => (tried ? message : undefined);
  return (
    <>
      <div className="character-form">
        <SegmentedControl
          label={t('create.character.source')}
          value={kind}
          options={[
            { value: 'library', label: t('create.character.fromLibrary') },
            { value: 'address', label: t('create.character.fromAddress') },
          ]}
          onChange={setKind}
        />
        {kind === 'library' ? (
          videos.length === 0 ? (
            <p className="field-help">{t('create.character.noVideos')}</p>
          ) : (
            <Select
              label={t('create.character.video')}
              value={assetId}
              error={shown(problems.source)}
              options={videos.map((candidate) => ({
                value: candidate.id,
                label: `${candidate.prompt.slice(0, 60) || candidate.model} · ${t('results.time.seconds', { seconds: Math.round((candidate.durationMs ?? 0) / 1000) })}`,
              }))}
              onChange={(id) => {
                setPicked(id);
                setStart(0);
              }}
            />
          )
        ) : (
          <div className="batch-row">
            <TextField
              label={t('create.character.address')}
              value={url}
              placeholder="https://"
              error={shown(problems.source)}
              spellCheck={false}
              onChange={setUrl}
            />
            <TextField
              className="batch-count"
              label={t('create.character.length')}
              value={length}
              inputMode="decimal"
              error={shown(problems.length)}
              onChange={setLength}
            />
          </div>
        )}
        {kind === 'library' && video && (
          // Two named choices rather than a switch: what is used always reads as what is chosen.
          <SegmentedControl
            label={t('create.character.takeFrom')}
            value={useSegment ? 'segment' : 'whole'}
            options={[
              { value: 'segment', label: t('create.character.fromSegment') },
              { value: 'whole', label: t('create.character.fromWhole') },
            ]}
            onChange={(value) => setUseSegment(value === 'segment')}
          />
        )}
        {segmenting && duration >= SEGMENT && (
          <SegmentScrubber
            duration={duration}
            start={start}
            onStart={setStart}
            length={SEGMENT}
            videoUrl={kind === 'library' && video ? mediaUrl(video.mediaPath) : undefined}
          />
        )}
        <TextField
          label={t('create.character.description')}
          help={t('create.character.descriptionHelp')}
          value={description}
          error={shown(problems.description)}
          onChange={setDescription}
        />
        <CharacterNameField value={name} onChange={setName} characters={characters} tried={tried} />
        {error && <ErrorMessage error={error} />}
      </div>
      <div className="dialog-actions">
        <Button onClick={onClose}>{t('confirmDelete.cancel')}</Button>
        <Button variant="primary" busy={busy} onClick={() => void submit()}>
          {t('create.character.create')}
        </Button>
      </div>
    </>
  );
}
