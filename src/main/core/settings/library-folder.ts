/**
 * Who may move the library folder. `/media` (web mode) and `atelier-media:` (Electron) serve every
 * file under it, so the window, or anyone holding a web session, must not set it to any path it
 * likes: the person at this computer chooses it, through the desktop's folder dialog or by
 * confirming the window's proposal on web mode's console.
 */
export interface LibraryFolderChooser {
  /**
   * The folder the person chose or confirmed (an absolute path), or undefined when they declined.
   * `proposed` is the window's suggestion: web mode asks about it, a dialog may start there.
   */
  choose(proposed: string | undefined): Promise<string | undefined>;
}
