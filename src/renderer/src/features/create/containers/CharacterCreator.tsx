import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAssetsStore } from '../../../entities/assets-store';
import { useCharactersStore } from '../../../entities/characters-store';
import { useJobsStore } from '../../../entities/jobs-store';
import { useHeldEntities } from '../../../entities/retention';
import { studio } from '../../../studio/studio-client';
import { showToast } from '../../../ui';
import { CharacterDialog } from '../components/CharacterDialog';
import { useCreateStore } from '../store/create-store';

/** "Create a character", started from the page, the strip or `?character=`; its job joins the strip. */
export function CharacterCreator() {
  const { open, initialAssetId, videos } = useCreateStore(
    useShallow((s) => ({ open: s.characterOpen, initialAssetId: s.characterAssetId, videos: s.characterVideos })),
  );

  const characters = useCharactersStore(useShallow((s) => Object.values(s.characters)));
  const initial = useAssetsStore((s) => (initialAssetId === null ? undefined : s.assets[initialAssetId]));
  useHeldEntities('assets', initialAssetId === null ? [] : [initialAssetId]);

  useEffect(() => {
    if (open) void useCreateStore.getState().loadCharacterVideos();
  }, [open]);

  // The video it was opened for is offered even when it is older than the newest page.
  const offered = useMemo(
    () => (initial && initial.kind === 'video' && initial.taskId !== null && !videos.some((v) => v.id === initial.id) ? [initial, ...videos] : videos),
    [initial, videos],
  );

  return (
    <CharacterDialog
      open={open}
      videos={offered}
      characters={characters}
      initialAssetId={initialAssetId}
      mediaUrl={(path) => studio().mediaUrl(path)}
      onClose={() => useCreateStore.getState().hideCharacter()}
      onCreate={async (request) => {
        const answer = await useCreateStore.getState().createCharacter(request);
        if (!answer.ok) return answer.error;
        useCreateStore.getState().rememberJob(answer.value.id);
        useJobsStore.getState().jobsReceived([answer.value]);
        showToast((t) => t('create.character.started'), 'success');
        return null;
      }}
    />
  );
}
