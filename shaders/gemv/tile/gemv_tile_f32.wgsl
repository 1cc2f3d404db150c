// gemv_tile's words for weight format f32: a 16-byte word is 4 weights (WPG = 8 words a group),
// against one vec4 of x (XV = 1). tile_dot(row, w, xi) = Σ of word w of row `row` times xs[xi].

const WPG: u32 = 8u;
const XV: u32 = 1u;

fn tile_dot(row: u32, w: u32, xi: u32) -> f32 {
  return dot(bitcast<vec4<f32>>(weights[row * params.groups * 8u + w]), vec4<f32>(xs[xi]));
}
