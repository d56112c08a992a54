import { initial } from './001_initial';
import { promptSearch } from './002_prompt_search';
import { uploadFileId } from './003_upload_file_id';
import { batchSourceKey } from './004_batch_source_key';
import { assetKindIndex } from './005_asset_kind_index';
import { jobAnswer } from './006_job_answer';
import { jobCost } from './007_job_cost';
import { engineState } from './008_engine_state';
import { jobTimeline } from './009_job_timeline';
import { gallery } from './010_gallery';
import { uploadPreview } from './011_upload_preview';
import { uploadFileName } from './012_upload_file_name';
import { taskRoutes } from './013_task_routes';
import { deadlineJobsFollowed } from './014_deadline_jobs_followed';
import { createdKeys } from './015_created_keys';
import { boardPlaces } from './016_board_places';
import { assetAudio } from './017_asset_audio';
import { promptTools } from './018_prompt_tools';
import { jobRevisedPrompt } from './019_job_revised_prompt';
import { assetFacetIndexes } from './020_asset_facet_indexes';
import { facetGeneration } from './021_facet_generation';
import { jobWaiting } from './022_job_waiting';
import { facetJournal } from './023_facet_journal';
import { sidecarRestoreUnfinished } from './024_sidecar_restore_unfinished';
import { jobPathParams } from './025_job_path_params';
import { batchTemplate } from './026_batch_template';
import { savedMasks } from './027_saved_masks';
import { batchTemplateCsv } from './028_batch_template_csv';
import { characterNames } from './029_character_names';
import { queueOrderIndexes } from './030_queue_order_indexes';
import { promptHistoryIndexes } from './031_prompt_history_indexes';
import type { Migration } from './migration';

export type { Migration } from './migration';

/** Every migration in order. Add a change as a new numbered file; never edit a released one. */
export const migrations: readonly Migration[] = [
  initial,
  promptSearch,
  uploadFileId,
  batchSourceKey,
  assetKindIndex,
  jobAnswer,
  jobCost,
  engineState,
  jobTimeline,
  gallery,
  uploadPreview,
  uploadFileName,
  taskRoutes,
  deadlineJobsFollowed,
  createdKeys,
  boardPlaces,
  assetAudio,
  promptTools,
  jobRevisedPrompt,
  assetFacetIndexes,
  facetGeneration,
  jobWaiting,
  facetJournal,
  sidecarRestoreUnfinished,
  jobPathParams,
  batchTemplate,
  savedMasks,
  batchTemplateCsv,
  characterNames,
  queueOrderIndexes,
  promptHistoryIndexes,
];

/** The schema version a library has once every migration ran (the last one's number). */
export const latestSchemaVersion: number = migrations.at(-1)?.version ?? 0;
