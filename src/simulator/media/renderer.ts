import { videoEncoder, type VideoEncoder } from './ffmpeg';
import type { MediaMode } from '../options';
import { FixtureMedia } from './fixture-media';
import type { FileBytes } from './image-render';
import { renderImage } from './image-render';
import { renderProfilePicture } from './profile-picture';
import type { RenderRecipe, VideoRecipe } from './recipes';
import { recipeKey } from './recipes';
import { RenderCache } from './render-cache';
import { encodeVideo } from './video-encode';
import { posterPng, videoPalette, videoSeed } from './video-poster';

/** Rendered bytes kept for repeated downloads of the same results. */
const CACHE_BUDGET_BYTES = 256 * 1024 * 1024;
/** Videos encoded at once (a system ffmpeg uses every core it gets; each WebAssembly encode, one). */
const VIDEO_SLOTS = 2;

/** A small FIFO semaphore. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(count: number) {
    this.free = count;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}

/**
 * Renders recipes to bytes: images with sharp, videos with ffmpeg (a system one, or WebAssembly) from a sharp poster,
 * thumbnails and profile pictures. Results are cached by recipe (the same request renders once).
 */
export class MediaRenderer {
  private readonly cache = new RenderCache(CACHE_BUDGET_BYTES);
  private readonly videoSlots = new Slots(VIDEO_SLOTS);
  private readonly fixtures: FixtureMedia | undefined;

  /** `bytesOf` reads the served files recipes name (references, masks, first frames). */
  constructor(
    private readonly bytesOf: FileBytes,
    private readonly encoder: VideoEncoder = videoEncoder(),
    mode: MediaMode = 'rendered',
  ) {
    this.fixtures = mode === 'fixture' ? new FixtureMedia(encoder) : undefined;
  }

  render(recipe: RenderRecipe): Promise<Buffer> {
    return this.cache.get(recipeKey(recipe), () => this.renderNow(recipe));
  }

  clear(): void {
    this.cache.clear();
  }

  private renderNow(recipe: RenderRecipe): Promise<Buffer> {
    if (this.fixtures !== undefined) return this.fixtureOf(recipe, this.fixtures);
    switch (recipe.kind) {
      case 'image':
        return renderImage(recipe, this.bytesOf);
      case 'video':
        return this.videoSlots.run(() => this.renderVideo(recipe));
      case 'still':
        return posterPng(recipe.of, this.bytesOf, { width: recipe.width, height: recipe.height });
      case 'profile':
        return renderProfilePicture(recipe);
    }
  }

  private fixtureOf(recipe: RenderRecipe, fixtures: FixtureMedia): Promise<Buffer> {
    switch (recipe.kind) {
      case 'image':
        return fixtures.image(recipe);
      case 'video':
        return this.videoSlots.run(() => fixtures.video(recipe));
      case 'still':
        return fixtures.picture(recipe, recipe.width, recipe.height);
      case 'profile':
        return fixtures.picture(recipe, recipe.size, recipe.size);
    }
  }

  private async renderVideo(recipe: VideoRecipe): Promise<Buffer> {
    const poster = await posterPng(recipe, this.bytesOf);
    return encodeVideo(this.encoder, {
      poster,
      width: recipe.width,
      height: recipe.height,
      seconds: recipe.seconds,
      audio: recipe.audio,
      accent: videoPalette(recipe).accent,
      seed: videoSeed(recipe),
    });
  }
}
