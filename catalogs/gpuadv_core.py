"""The pure C of gpuadv through ctypes, for the calibration scripts.

    import gpuadv_core
    core = gpuadv_core.Core("build/libgpuadv_core.so")
    model = core.model("llama-3.1-8b")      # a models catalog row, as C reads it
    gpu = core.gpu("h100-sxm")
    e = core.engine_consts(engines_csv_row)  # a row of catalogs/engines.csv
    core.decode_tps(e, "vllm", model, gpu, "fp8", -1, 1.0, 1024.0, 1.0)

build/libgpuadv_core.so (`make build/libgpuadv_core.so`) is the math of
ext/ with the catalogs it was built from and no SQLite: the speed model
(ext/gpuadv_model_setup.c, ext/gpuadv_math.c), the engines' memory rules
(ext/gpuadv_engine_mem.c) and the training step (ext/gpuadv_train.c). The
calibrations call it instead of restating it, so what they fit is what
the extension computes.

What this file restates is the layout of two C structs (gpuadv_model_def
and gpuadv_engine_consts of ext/gpuadv_math.h) and the units of the
engines catalog's columns (microseconds in the CSV, seconds in C).
Core() checks the structs' sizes against the library's, and
check_engine() that an engine row filled here equals the one
gpuadv_engine_load() fills from the compiled-in catalog.
"""
import ctypes

D = ctypes.c_double
I = ctypes.c_int


class ModelDef(ctypes.Structure):
    """gpuadv_model_def, its gpuadv_model_shape inline."""
    _fields_ = [(n, D) for n in ("params_b", "active_params_b", "hidden",
                                 "intermediate", "heads", "vocab", "context",
                                 "n_experts", "experts_per_token", "layers",
                                 "kv_heads", "head_dim", "kv_lora_rank",
                                 "qk_rope_head_dim", "sliding_window",
                                 "sliding_layers", "linear_layers",
                                 "linear_state_elems", "global_kv_heads",
                                 "global_head_dim", "kv_shared_layers",
                                 "kv_shared_sliding", "extra_kv_elems",
                                 "attn_topk", "index_heads", "topk_kv_elems")]


# gpuadv_engine_consts after bw_eff[4], in C's order: (C field, engines.csv
# column, scale from the CSV's unit to C's). The *_us columns are in
# microseconds, their C fields in seconds; the others keep their name.
US_COLUMNS = {"layer_overhead_s": "layer_overhead_us",
              "moe_layer_s": "moe_layer_overhead_us",
              "token_overhead_s": "token_overhead_us",
              "prefill_token_s": "prefill_token_us"}
ENGINE_NUMBERS = [
    (field, US_COLUMNS.get(field, field), 1e-6 if field in US_COLUMNS else 1.0)
    for field in ("kv_eff", "layer_overhead_s", "moe_layer_s",
                  "token_overhead_s", "prefill_token_s", "compute_eff",
                  "prefill_mfu", "prefill_half_tokens", "gguf_unified_factor",
                  "prefill_mfu_unified", "gguf_prefill_factor", "attn_eff",
                  "fp4_eff", "dequant_eff", "dequant_prefill_eff", "amd_eff",
                  "gaudi_eff")]
# bw_eff[] by enum gpuadv_memory_class
BW_EFF = ["bw_eff_hbm", "bw_eff_gddr", "bw_eff_unified", "bw_eff_ddr"]


class EngineConsts(ctypes.Structure):
    """gpuadv_engine_consts."""
    _fields_ = [("bw_eff", D * 4)] + [(c, D) for c, _, _ in ENGINE_NUMBERS] + \
        [("split_layers", I), ("batch_tokens", D), ("fp16_accumulate", I),
         ("dp_shared_budget", I), ("kv_from_checkpoint", I), ("overlap", I),
         ("preempt", I)]


class TrainPeakIn(ctypes.Structure):
    """gpuadv_train_peak_in: train_peak_gb's arguments."""
    _fields_ = [("params_b", D), ("mode", I)] + \
        [(n, D) for n in ("layers", "hidden", "heads", "seq_len",
                          "micro_batch", "n_gpus")] + \
        [("zero_stage", I), ("recompute", I)] + \
        [(n, D) for n in ("vocab", "ce_chunks", "intermediate", "lora_rank")]


class TrainBytes(ctypes.Structure):
    """gpuadv_train_bytes: bytes per parameter."""
    _fields_ = [(n, D) for n in ("weights", "grads", "optimizer")]


class TrainPeakKnobs(ctypes.Structure):
    """gpuadv_train_peak_knobs: the constants the estimate takes."""
    _fields_ = [(n, D) for n in ("ce_fp32_bytes", "zero3_live_layers",
                                 "extra_layer_bytes", "extra_head_bytes")] + \
        [("state_given", I), ("state", TrainBytes)]


PEAK_PARTS = ("step", "resident", "casts", "gathered", "act", "recomp",
              "head", "logits", "loss")


class TrainPeakParts(ctypes.Structure):
    """gpuadv_train_peak_parts: the estimate's terms, GB."""
    _fields_ = [(n, D) for n in PEAK_PARTS]


N_ARCH = 3  # GPUADV_IMAGE_N_ARCH: cnn, vit, unet
IMAGE_ARCHS = ("cnn", "vit", "unet")


class ImageNet(ctypes.Structure):
    """gpuadv_image_net."""
    _fields_ = [(n, D) for n in ("params", "flop", "ref_res", "attn_share",
                                 "acts", "infer_act_gb")] + \
        [("arch", I), ("per_prompt", I)]


class ImageModel(ctypes.Structure):
    """gpuadv_image_model: the network, and a pipeline's parts."""
    _fields_ = [("net", ImageNet), ("diffusion", I), ("cfg", I),
                ("vae", ImageNet), ("n_text", I), ("text", ImageNet * 3)]


class ImageGpu(ctypes.Structure):
    """gpuadv_image_gpu."""
    _fields_ = [(n, D) for n in ("tensor_tflops", "fp32_tflops", "mem_bw_gbs",
                                 "link_gbs")]


class ImageConsts(ctypes.Structure):
    """gpuadv_image_consts: each architecture's fitted constants."""
    _fields_ = [(n, D * N_ARCH) for n in ("eff", "vector", "launch_s",
                                          "act_bytes")]


def _num(x):
    return float(x) if x not in ("", None) else 0.0


class Core:
    def __init__(self, path):
        lib = self.lib = ctypes.CDLL(path)
        lib.gpuadv_catalog_resolve.restype = I
        lib.gpuadv_catalog_resolve.argtypes = [ctypes.c_void_p,
                                               ctypes.c_char_p, I]
        lib.gpuadv_dtype_find.argtypes = [ctypes.c_char_p, I]
        lib.gpuadv_keyword_find.argtypes = [ctypes.c_void_p, ctypes.c_char_p, I]
        lib.gpuadv_model_from_row.argtypes = [I, ctypes.c_void_p]
        lib.gpuadv_engine_load.argtypes = [I, ctypes.c_void_p]
        lib.gpuadv_engine_kv_dtype.argtypes = [I, I]
        P = ctypes.c_void_p
        lib.gpuadv_image_model_from_row.argtypes = [I, P]
        lib.gpuadv_image_gpu_from_row.argtypes = [I, I, P]
        for name, args in (
                ("gpuadv_model_decode_tps_of", [P, I, I, I, P, D, D, D]),
                ("gpuadv_model_prefill_tps_of", [P, I, I, P, D, D]),
                ("gpuadv_model_full_load_tps",
                 [P, I, I, I, I, P, D, D, D, D, P]),
                ("gpuadv_train_peak_of_parts", [P, I]),
                ("gpuadv_image_tps_with", [P, P, P, I, I, D, D, D, D, D])):
            f = getattr(lib, name)
            f.restype = D
            f.argtypes = args
        # the structs restated here have the C's sizes (a field added in C
        # and not here would be written past the end of ours)
        for struct, symbol in (
                (ModelDef, "gpuadv_model_def_bytes"),
                (EngineConsts, "gpuadv_engine_consts_bytes"),
                (TrainPeakIn, "gpuadv_train_peak_in_bytes"),
                (TrainPeakKnobs, "gpuadv_train_peak_knobs_bytes"),
                (TrainPeakParts, "gpuadv_train_peak_parts_bytes"),
                (ImageModel, "gpuadv_image_model_bytes"),
                (ImageGpu, "gpuadv_image_gpu_bytes"),
                (ImageConsts, "gpuadv_image_consts_bytes")):
            size = ctypes.c_size_t.in_dll(lib, symbol).value
            if size != ctypes.sizeof(struct):
                raise RuntimeError("gpuadv_core.py: %s is %d bytes here, %d "
                                   "in %s" % (struct.__name__,
                                              ctypes.sizeof(struct), size,
                                              path))
        self.image_models = self._catalog("gpuadv_catalog_image_models")
        self.gpus = self._catalog("gpuadv_catalog_gpus")
        self.models = self._catalog("gpuadv_catalog_models")
        self._model_cache = {}
        self._words = {}

    def _catalog(self, symbol):
        return ctypes.addressof(ctypes.c_char.in_dll(self.lib, symbol))

    def _row(self, cat, name):
        b = name.encode()
        return self.lib.gpuadv_catalog_resolve(cat, b, len(b))

    def gpu(self, name):
        """The gpus catalog row of a name or alias, -1 if none."""
        return self._row(self.gpus, name)

    def model(self, name):
        """The model definition of a models catalog name, None if none."""
        if name not in self._model_cache:
            row = self._row(self.models, name)
            d = None
            if row >= 0:
                d = ModelDef()
                self.lib.gpuadv_model_from_row(row, ctypes.byref(d))
            self._model_cache[name] = d
        return self._model_cache[name]

    def dtype(self, name):
        """The gpuadv_dtypes index of a dtype name, -1 if none (and for
        the empty name: the engine's default)."""
        if not name:
            return -1
        b = name.encode()
        return self.lib.gpuadv_dtype_find(b, len(b))

    def engine(self, name):
        """The index of a serving engine in gpuadv_engine_names, -1."""
        return self._find("gpuadv_engine_names", name)

    def engine_kv_dtype(self, engine, dtype):
        """The dtype index the engine keeps the KV cache in for weights of
        dtype (its default, engines.kv_cache_dtype)."""
        return self.lib.gpuadv_engine_kv_dtype(engine, dtype)

    def engine_consts(self, e):
        """gpuadv_engine_consts of e: an engines.csv row, or a dict with
        its numeric columns as numbers and its facts (split_layers,
        batch_tokens, fp16_accumulate, dp_shared_budget,
        kv_from_checkpoint, overlap, preempt) as calibrate.engine_facts()
        reads them (overlap: from overlap_from where not given, preempt:
        from kv_admission; no speed depends on either)."""
        c = EngineConsts()
        for i, k in enumerate(BW_EFF):
            c.bw_eff[i] = _num(e[k])
        for field, column, scale in ENGINE_NUMBERS:
            setattr(c, field, _num(e[column]) * scale)
        c.split_layers = int(bool(e["split_layers"]))
        c.batch_tokens = _num(e["batch_tokens"])
        c.fp16_accumulate = int(bool(e["fp16_accumulate"]))
        c.dp_shared_budget = int(bool(e["dp_shared_budget"]))
        c.kv_from_checkpoint = int(bool(e["kv_from_checkpoint"]))
        c.overlap = int(bool(e["overlap"] if "overlap" in e
                             else e.get("overlap_from")))
        c.preempt = int(bool(e["preempt"] if "preempt" in e
                             else e.get("kv_admission") == "preempt"))
        return c

    def check_engine(self, name, e):
        """'' when engine_consts(e) equals what gpuadv_engine_load() fills
        for the engine from the compiled-in catalog, else the first field
        that differs (the struct layout above or a unit disagrees)."""
        mine = self.engine_consts(e)
        theirs = EngineConsts()
        self.lib.gpuadv_engine_load(self.engine(name), ctypes.byref(theirs))
        for field, _ in EngineConsts._fields_:
            a, b = getattr(mine, field), getattr(theirs, field)
            if field == "bw_eff":
                a, b = list(a), list(b)
            if a != b and not (isinstance(a, float) and
                               abs(a - b) <= 1e-12 * max(abs(b), 1e-300)):
                return "%s: %r here, %r in C" % (field, a, b)
        return ""

    def _find(self, symbol, name):
        """The index of name in the C keyword list `symbol`, -1 if none."""
        if symbol not in self._words:
            self._words[symbol] = ctypes.addressof(
                ctypes.c_char.in_dll(self.lib, symbol))
        b = name.encode()
        return self.lib.gpuadv_keyword_find(self._words[symbol], b, len(b))

    def _keyword(self, symbol, name):
        """_find, an error when name is not in the list."""
        i = self._find(symbol, name)
        if i < 0:
            raise ValueError("%s: no %r" % (symbol, name))
        return i

    def train_peak_knobs(self, **kw):
        """gpuadv_train_peak_knobs: the library's constants, with those
        named in kw (ce_fp32_bytes, zero3_live_layers, extra_layer_bytes,
        extra_head_bytes; state: (weights, grads, optimizer) bytes per
        parameter in place of the mode's) changed."""
        k = TrainPeakKnobs()
        self.lib.gpuadv_train_peak_knobs_init(ctypes.byref(k))
        for name, v in kw.items():
            if name == "state":
                k.state_given = 1
                k.state.weights, k.state.grads, k.state.optimizer = v
            else:
                setattr(k, name, v)
        return k

    def train_peak_parts(self, c, knobs):
        """train_peak_gb's terms (a dict of PEAK_PARTS, GB) for c: a dict
        of its arguments (mode and recompute by name)."""
        a = TrainPeakIn()
        for name, _ in TrainPeakIn._fields_:
            if name == "mode":
                a.mode = self._keyword("gpuadv_train_mode_names", c["mode"])
            elif name == "recompute":
                a.recompute = self._keyword("gpuadv_recompute_names",
                                            c["recompute"])
            else:
                setattr(a, name, c[name])
        p = TrainPeakParts()
        self.lib.gpuadv_train_peak_parts_of(ctypes.byref(a), ctypes.byref(knobs),
                                            ctypes.byref(p))
        return {n: getattr(p, n) for n in PEAK_PARTS}

    def train_peak_of_parts(self, parts, larger_of):
        """The step's peak from its terms (gpuadv_train_peak_of_parts)."""
        p = TrainPeakParts(*[parts[n] for n in PEAK_PARTS])
        return self.lib.gpuadv_train_peak_of_parts(ctypes.byref(p),
                                                   int(bool(larger_of)))

    def image_fitted(self):
        """The image speed constants compiled in: {arch: (eff, vector,
        launch_s, act_bytes)}."""
        c = ImageConsts.in_dll(self.lib, "gpuadv_image_fitted")
        return {a: (c.eff[i], c.vector[i], c.launch_s[i], c.act_bytes[i])
                for i, a in enumerate(IMAGE_ARCHS)}

    def image_arch(self, model):
        """The architecture whose constants an image model's network takes
        (IMAGE_ARCHS: dit and text encoders vit's, VAEs cnn's)."""
        m = ImageModel()
        self.lib.gpuadv_image_model_from_row(self._row(self.image_models,
                                                       model), ctypes.byref(m))
        return IMAGE_ARCHS[m.net.arch]

    def image_tps(self, consts, model, gpu, task, dtype, batch, res, steps):
        """image_tps on one GPU at the constants consts ({arch: (eff,
        vector, launch_s, act_bytes)}); None without the dtype's peak."""
        c = ImageConsts()
        for i, a in enumerate(IMAGE_ARCHS):
            c.eff[i], c.vector[i], c.launch_s[i], c.act_bytes[i] = consts[a]
        m, g = ImageModel(), ImageGpu()
        self.lib.gpuadv_image_model_from_row(self._row(self.image_models,
                                                       model), ctypes.byref(m))
        dt = self._keyword("gpuadv_image_dtype_names", dtype)
        if not self.lib.gpuadv_image_gpu_from_row(self.gpu(gpu), dt,
                                                  ctypes.byref(g)):
            return None
        bytes_w = (D * 4).in_dll(self.lib, "gpuadv_image_dtype_bytes")[dt]
        return self.lib.gpuadv_image_tps_with(
            ctypes.byref(c), ctypes.byref(m), ctypes.byref(g),
            self._keyword("gpuadv_image_task_names", task), 0, batch, res,
            steps, 1.0, bytes_w)

    def decode_tps(self, consts, model, gpu, dtype, kv_dtype, batch, context,
                   n_gpus):
        """model_decode_tps of a tensor split (or the engine's layer
        split) at batch sequences of context tokens."""
        return self.lib.gpuadv_model_decode_tps_of(
            ctypes.byref(model), gpu, dtype, kv_dtype, ctypes.byref(consts),
            batch, context, n_gpus)

    def prefill_tps(self, consts, model, gpu, dtype, n_gpus, prompt):
        """model_prefill_tps: prompt tokens/s of one prompt."""
        return self.lib.gpuadv_model_prefill_tps_of(
            ctypes.byref(model), gpu, dtype, ctypes.byref(consts), n_gpus,
            prompt)

    def full_load_tps(self, consts, engine, model, gpu, dtype, kv_dtype,
                      prompt, output, n_gpus, cap):
        """model_full_load_tps: output tokens/s at full load, None when
        the weights leave the cache no room. engine: the index whose
        memory rule applies."""
        batch = D()
        tps = self.lib.gpuadv_model_full_load_tps(
            ctypes.byref(model), gpu, dtype, kv_dtype, engine,
            ctypes.byref(consts), prompt, output, n_gpus, cap,
            ctypes.byref(batch))
        return tps if batch.value >= 1 else None
