// Every English message of the page, by section. ../zh mirrors this shape exactly (the type
// checker holds it to it).

import { app } from './app';
import { charts } from './charts';
import { common } from './common';
import { decode } from './decode';
import { gallery } from './gallery';
import { load } from './load';
import { modelInput } from './model-input';
import { page } from './page';
import { predictions } from './predictions';
import { presenter } from './presenter';
import { share } from './share';

export const en = {
  page,
  common,
  app,
  share,
  predictions,
  modelInput,
  charts,
  presenter,
  load,
  decode,
  gallery,
};

export type Messages = typeof en;
