import { accountModule } from '../features/account/feature';
import { assistantModule } from '../features/assistant/feature';
import { createModule } from '../features/create/feature';
import { galleryModule } from '../features/gallery/feature';
import { settingsModule } from '../features/settings/feature';
import { timelineModule } from '../features/timeline/feature';
import type { FeatureModule } from '../studio/feature-module';

/** The studio's features, in the order of the navigation. A new screen is one folder and one line here. */
export const featureModules: readonly FeatureModule[] = [createModule, galleryModule, timelineModule, accountModule, settingsModule, assistantModule];
