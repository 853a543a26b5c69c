/* RDNA3 printer: renders a decoded instruction in LLVM 19's assembler syntax, byte for byte.
   Per-format rules are code here; which operands an opcode has and their classes are table data. */
#include "r3_codec.h"
#include "r3_mimg.h"
#include "r3_symbolic.h"
#include "common/textbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef textbuf r3_out;
#define r3_emit textbuf_put

static void r3_emit_range(r3_out *o, const char *file, unsigned first, unsigned width)
{
    if (width == 1)
        r3_emit(o, "%s%u", file, first);
    else
        r3_emit(o, "%s[%u:%u]", file, first, first + width - 1);
}

const char *r3_special_name(unsigned code, unsigned width)
{
    switch (code) {
    case 106: return width >= 2 ? "vcc" : "vcc_lo";
    case 107: return "vcc_hi";
    case 124: return "null";
    case 125: return "m0";
    case 126: return width >= 2 ? "exec" : "exec_lo";
    case 127: return "exec_hi";
    case 235: return "src_shared_base";
    case 236: return "src_shared_limit";
    case 237: return "src_private_base";
    case 238: return "src_private_limit";
    case 239: return "src_pops_exiting_wave_id";
    case 251: return "src_vccz";
    case 252: return "src_execz";
    case 253: return "src_scc";
    case 254: return "src_lds_direct";
    default: return NULL;
    }
}

static const char *const r3_float_consts[] = {"0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0"};
static const uint32_t r3_f32_consts[] = {0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000,
                                         0x40000000, 0xc0000000, 0x40800000, 0xc0800000};
static const uint16_t r3_f16_consts[] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400};
static const uint64_t r3_f64_consts[] = {0x3fe0000000000000, 0xbfe0000000000000, 0x3ff0000000000000,
                                         0xbff0000000000000, 0x4000000000000000, 0xc000000000000000,
                                         0x4010000000000000, 0xc010000000000000};

/* A constant value as LLVM prints it: inline integers in decimal, inline floats by name, the rest
   in hex (for f64 operands the literal dword is the high half of the value). */
static void r3_emit_value(r3_out *o, uint32_t lit, r3_literal_class cls)
{
    int64_t sv;
    switch (cls) {
    case R3L_I16:
    case R3L_F16:
        sv = (int16_t)lit;
        if (sv >= -16 && sv <= 64) {
            r3_emit(o, "%d", (int)sv);
            return;
        }
        if (cls == R3L_F16) {
            for (int i = 0; i < 8; i++)
                if ((uint16_t)lit == r3_f16_consts[i]) {
                    r3_emit(o, "%s", r3_float_consts[i]);
                    return;
                }
            if ((uint16_t)lit == 0x3118) {
                r3_emit(o, "0.15915494");
                return;
            }
        }
        r3_emit(o, "0x%x", lit & 0xffffu);
        return;
    case R3L_I64:
    case R3L_F64: {
        uint64_t v = cls == R3L_F64 ? (uint64_t)lit << 32 : lit;
        sv = (int64_t)v;
        if (sv >= -16 && sv <= 64) {
            r3_emit(o, "%d", (int)sv);
            return;
        }
        for (int i = 0; i < 8; i++)
            if (v == r3_f64_consts[i]) {
                r3_emit(o, "%s", r3_float_consts[i]);
                return;
            }
        r3_emit(o, "0x%x", lit);
        return;
    }
    default:
        sv = (int32_t)lit;
        if (sv >= -16 && sv <= 64) {
            r3_emit(o, "%d", (int)sv);
            return;
        }
        for (int i = 0; i < 8; i++)
            if (lit == r3_f32_consts[i]) {
                r3_emit(o, "%s", r3_float_consts[i]);
                return;
            }
        if (lit == 0x3e22f983) {
            r3_emit(o, "0.15915494");
            return;
        }
        r3_emit(o, "0x%x", lit);
        return;
    }
}

/* Prints a value of the common operand code space: scalars 0..255, VGPRs at 256 + index. */
static void r3_emit_code(r3_out *o, unsigned code, unsigned width, const r3_rule *rule, const r3_inst *in)
{
    const char *sp;
    if (code >= 256)
        r3_emit_range(o, "v", code - 256, width);
    else if (code < 106)
        r3_emit_range(o, "s", code, width);
    else if (code >= 108 && code <= 123)
        r3_emit_range(o, "ttmp", code - 108, width);
    else if ((sp = r3_special_name(code, width)) != NULL)
        r3_emit(o, "%s", sp);
    else if (code >= 128 && code <= 192)
        r3_emit(o, "%u", code - 128);
    else if (code >= 193 && code <= 208)
        r3_emit(o, "-%u", code - 192);
    else if (code >= 240 && code <= 248 && rule->lit == R3L_I16)
        r3_emit(o, "0x%x", code == 248 ? 0x3118u : r3_f16_consts[code - 240]);
    else if (code >= 240 && code <= 247)
        r3_emit(o, "%s", r3_float_consts[code - 240]);
    else if (code == 248)
        r3_emit(o, "%s", rule->lit == R3L_I64 || rule->lit == R3L_F64 ? "0.15915494309189532" : "0.15915494");
    else if (code == 255)
        r3_emit_value(o, in->literal, rule->lit ? (r3_literal_class)rule->lit : R3L_B32);
    else
        r3_emit(o, "%u", code);
}

/* The operand code of a register field in the common code space. */
unsigned r3_operand_code(const r3_inst *in, const r3_operand *o)
{
    if (in->dpp && o->field == R3F_SRC0)
        return 256 + (in->dpp_word & 0xff);
    unsigned v = r3_field_value(in, (r3_field)o->field);
    if (in->op->format == R3_VOPDY && o->field == R3F_VDST)
        return 256 + r3_vopd_ydst(in->w);
    switch (o->field) {
    case R3F_SBASE: return v * 2;
    case R3F_SRSRC: return v * 4;
    case R3F_SRC0: case R3F_SRC1: case R3F_SRC2:
    case R3F_SSRC0: case R3F_SSRC1: case R3F_SDST: case R3F_SDATA: case R3F_SOFFSET: case R3F_SADDR:
        return v;
    default:
        return o->file == 'v' || o->file == 't' ? 256 + v : v;
    }
}

static int r3_src_index(r3_field f)
{
    return f == R3F_SRC0 ? 0 : f == R3F_SRC1 ? 1 : f == R3F_SRC2 ? 2 : -1;
}

/* Memory formats: the address operand's width, or 0 when it prints as "off" (formats are code:
   these follow from the addressing bits, not from the opcode). */
unsigned r3_vaddr_width(const r3_inst *in)
{
    switch (in->op->format) {
    case R3_MUBUF:
    case R3_MTBUF:
        return r3_field_value(in, R3F_OFFEN) + r3_field_value(in, R3F_IDXEN);
    case R3_GLOBAL:
        return r3_field_value(in, R3F_SADDR) == 124 ? 2 : 1;
    case R3_SCRATCH:
        return r3_field_value(in, R3F_SVE);
    default:
        return 2;
    }
}

/* The operand's register count as encoded: lane masks follow the wave size, buffer data grows by
   one dword with TFE. */
/* WMMA accumulators (VDST, SRC2) hold half as many registers per lane in wave64. */
int r3_is_wmma_acc(const r3_opinfo *op, const r3_operand *opd)
{
    return op->format == R3_VOP3P && (op->traits & R3T_WMMA) &&
           (opd->field == R3F_VDST || opd->field == R3F_SRC2);
}

unsigned r3_operand_width(const r3_inst *in, const r3_operand *opd, int wave64)
{
    if (opd->kind == R3K_MASK)
        return wave64 ? 2u : 1u;
    if (wave64 && r3_is_wmma_acc(in->op, opd))
        return opd->width / 2;
    if (opd->field == R3F_ADDR && in->op->format == R3_GLOBAL)
        return r3_vaddr_width(in);
    if (opd->field == R3F_VDATA && r3_formats[in->op->format].field[R3F_TFE].width)
        return opd->width + r3_field_value(in, R3F_TFE);
    return opd->width;
}

/* fma_mix* take f32 or f16 sources: NEG_HI acts as abs and OP_SEL_HI defaults to 0. */
static int r3_is_mix(const r3_opinfo *op)
{
    return (op->traits & R3T_MIX) != 0;
}

static void r3_emit_reg_operand(r3_out *o, const r3_inst *in, const r3_operand *opd, int wave64)
{
    const r3_opinfo *op = in->op;
    if (op->format == R3_EXP && !(r3_field_value(in, R3F_EN) >> (opd->field - R3F_EXPSRC0) & 1)) {
        r3_emit(o, "off"); /* a channel the export does not enable */
        return;
    }
    unsigned width = r3_operand_width(in, opd, wave64);
    if (opd->field == R3F_SADDR && r3_field_value(in, R3F_SADDR) == 124) {
        r3_emit(o, "off");
        return;
    }
    unsigned code = r3_operand_code(in, opd);
    int neg = 0, abs = 0;
    int si = r3_src_index((r3_field)opd->field);
    int sext = 0;
    if (si >= 0 && op->format == R3_VOP3P && r3_is_mix(op)) { /* mix ops: NEG_HI is abs */
        neg = (r3_field_value(in, R3F_NEG) & op->print_bits[R3F_NEG]) >> si & 1;
        abs = (r3_field_value(in, R3F_NEG_HI) & op->print_bits[R3F_NEG_HI]) >> si & 1;
    }
    if (si >= 0 && (op->format == R3_VOP3 || op->format == R3_VINTERP)) {
        neg = (r3_field_value(in, R3F_NEG) & op->print_bits[R3F_NEG]) >> si & 1;
        sext = (r3_field_value(in, R3F_NEG) & op->sext_bits) >> si & 1;
        if (!op->vop3sd)
            abs = (r3_field_value(in, R3F_ABS) & op->print_bits[R3F_ABS]) >> si & 1;
    }
    if (in->dpp && si >= 0 && op->format == R3_VOP3 && op->dppmods[si] == 's')
        sext = (r3_field_value(in, R3F_NEG) >> si) & 1; /* DPP forms sign-extend integer sources */
    if (in->dpp == 16 && op->format != R3_VOP3 && op->format != R3_VOP3P &&
        (opd->field == R3F_SRC0 || opd->field == R3F_VSRC1)) {
        int k = opd->field == R3F_SRC0 ? 0 : 2; /* DPP16 neg/abs bits of src0, then of src1 */
        unsigned nb = (in->dpp_word >> (20 + k)) & 1, ab = (in->dpp_word >> (21 + k)) & 1;
        if (op->dppmods[k] == 's')
            sext = nb;
        else if (op->dppmods[k] == 'f')
            neg = (int)nb;
        if (op->dppmods[k + 1] == 'f')
            abs = (int)ab;
    }
    if (sext)
        r3_emit(o, "sext(");
    /* LLVM writes neg(...) around constants, where a bare minus would read as a negative value */
    int neg_call = neg && !abs && code >= 128 && code < 256 && !r3_special_name(code, width);
    if (neg)
        r3_emit(o, neg_call ? "neg(" : "-");
    if (abs)
        r3_emit(o, "|");
    if (opd->file == 't' && code >= 256) /* true16: bit 7 of the VGPR number selects the high half */
        r3_emit(o, "v%u.%c", (code - 256) & 127, (code - 256) & 128 ? 'h' : 'l');
    else if (code >= 256 && r3_is_high_half_vgpr(op, opd, code - 256)) /* decoded for execution only */
        r3_emit(o, "v%u.h", (code - 256) & 127);
    else if (wave64 && r3_is_wmma_acc(op, opd)) { /* 4-register tuples: constants print as 32-bit */
        r3_rule narrow = r3_rules[opd->rule];
        narrow.lit = R3L_B32;
        r3_emit_code(o, code, width, &narrow, in);
    } else
        r3_emit_code(o, code, width, &r3_rules[opd->rule], in);
    unsigned fv = in->dpp && opd->field == R3F_SRC0 ? code : r3_field_value(in, (r3_field)opd->field);
    /* the DPP forms of the fma_mix ops take src1 from VGPRs only */
    int mix_dpp_src1 = in->dpp && op->format == R3_VOP3P && r3_is_mix(op) && opd->field == R3F_SRC1 && code < 256;
    if (mix_dpp_src1 && code < 128 && code != 124) {
        r3_emit(o, "/*Invalid register, operand has 'VGPR_32' register class*/");
    } else if (mix_dpp_src1 && !r3_special_name(code, width)) {
        r3_emit(o, "/*Invalid immediate*/");
    } else if (r3_rule_char(opd, fv) == 'c' || (fv < 256 && wave64 && r3_is_wmma_acc(op, opd) &&
                                                r3_rule_char(opd, fv) == '.')) {
        const char *cls = r3_rules[opd->rule].regclass;
        if (code >= 128 && code < 256 && !r3_special_name(code, width))
            r3_emit(o, "/*Invalid immediate*/");
        else if (r3_is_wmma_acc(op, opd) && wave64)
            r3_emit(o, "/*Invalid register, operand has 'VReg_%u' register class*/", 32 * width);
        else if (in->dpp && opd->field == R3F_SRC0 && strncmp(cls, "VS_", 3) == 0) /* DPP src0 is VGPR-only */
            r3_emit(o, "/*Invalid register, operand has 'VGPR_%s' register class*/", cls + 3);
        else
            r3_emit(o, "/*Invalid register, operand has '%s' register class*/", cls);
    }
    if (abs)
        r3_emit(o, "|");
    if (neg_call)
        r3_emit(o, ")");
    if (sext)
        r3_emit(o, ")");
}

static int r3_smem_offset_only(const r3_inst *in);
static void r3_emit_smem_offset(r3_out *o, const r3_inst *in, int keyword);

/* The field holding a format's plain or symbolic immediate operand. */
static r3_field r3_imm_field(const r3_opinfo *op)
{
    switch (op->format) {
    case R3_SMEM: return R3F_SDATA;
    case R3_SOP1: return R3F_SSRC0;
    default: return R3F_SIMM16;
    }
}

static void r3_emit_operand(r3_out *o, const r3_inst *in, const r3_operand *opd, int wave64)
{
    unsigned simm = r3_field_value(in, r3_imm_field(in->op));
    char sym[256];
    switch (opd->kind) {
    case R3K_REG:
    case R3K_MASK:
        r3_emit_reg_operand(o, in, opd, wave64);
        return;
    case R3K_VCC:
        r3_emit(o, "%s", wave64 ? "vcc" : "vcc_lo");
        return;
    case R3K_OFF: { /* the VADDR place of buffer and scratch instructions */
        unsigned w = r3_vaddr_width(in);
        unsigned v = r3_field_value(in, in->op->format == R3_SCRATCH ? R3F_ADDR : R3F_VADDR);
        if (w)
            r3_emit_range(o, "v", v, w);
        else
            r3_emit(o, "off");
        return;
    }
    case R3K_NULL:
        r3_emit(o, "null");
        return;
    case R3K_ATTR:
        r3_emit(o, "attr%u.%c", r3_field_value(in, R3F_ATTR), "xyzw"[r3_field_value(in, R3F_ATTRCHAN)]);
        return;
    case R3K_TARGET:
        r3_emit(o, "%s", r3_exp_target_name(r3_field_value(in, R3F_TARGET)));
        return;
    case R3K_HEX:
        r3_emit(o, "0x%x", in->op->has_literal_k ? in->literal : simm);
        return;
    case R3K_LIT:
        r3_emit_value(o, in->literal, R3L_B32);
        return;
    case R3K_UDEC:
        r3_emit(o, "%u", simm);
        return;
    case R3K_IMM:
        if ((in->op->traits & R3T_VERSION) && r3_version_text(simm, sym, sizeof sym))
            break;
        if (simm <= 64)
            r3_emit(o, "%u", simm);
        else
            r3_emit(o, "0x%x", simm);
        return;
    case R3K_WAITCNT:
        r3_waitcnt_text(simm, sym, sizeof sym);
        break;
    case R3K_DELAY:
        r3_delay_alu_text(simm, sym, sizeof sym);
        break;
    case R3K_SENDMSG:
        r3_sendmsg_text(simm, in->op->mnemonic, sym, sizeof sym);
        break;
    case R3K_HWREG:
        r3_hwreg_text(simm, sym, sizeof sym);
        break;
    case R3K_DEPCTR:
        r3_depctr_text(simm, sym, sizeof sym);
        break;
    default:
        sym[0] = '\0';
        break;
    }
    r3_emit(o, "%s", sym);
}

static void r3_emit_bits_list(r3_out *o, const char *name, unsigned bits, int n)
{
    r3_emit(o, " %s:[", name);
    for (int i = 0; i < n; i++)
        r3_emit(o, "%s%u", i ? "," : "", (bits >> i) & 1);
    r3_emit(o, "]");
}


static void r3_emit_opsel(r3_out *o, const r3_inst *in)
{
    const r3_opinfo *op = in->op;
    if (op->opsel_len && !op->vop3sd) {
        unsigned sel = r3_field_value(in, R3F_OPSEL) & op->print_bits[R3F_OPSEL], list = 0;
        for (int b = 0; b < 4; b++)
            if ((sel >> b & 1) && op->opsel_pos[b] >= '0' && op->opsel_pos[b] <= '9')
                list |= 1u << (op->opsel_pos[b] - '0');
        if (list)
            r3_emit_bits_list(o, "op_sel", list, op->opsel_len);
    }
}

static void r3_emit_vop3_mods(r3_out *o, const r3_inst *in)
{
    const r3_opinfo *op = in->op;
    r3_emit_opsel(o, in);
    if (r3_field_value(in, R3F_CLAMP))
        r3_emit(o, " clamp");
    static const char *const omod[] = {"", " mul:2", " mul:4", " div:2"};
    if (op->optional[R3F_OMOD] == R3_OPT_PRINTED)
        r3_emit(o, "%s", omod[r3_field_value(in, R3F_OMOD)]);
}

static int r3_nsources(const r3_opinfo *op)
{
    int n = 0;
    for (int i = 0; i < op->noperands; i++)
        if (r3_src_index((r3_field)op->operand[i].field) >= 0)
            n++;
    return n;
}

/* VOP3P: op_sel, op_sel_hi (when not its default), neg_lo and neg_hi lists over the sources. */
static void r3_emit_vop3p_mods(r3_out *o, const r3_inst *in)
{
    const r3_opinfo *op = in->op;
    int n = r3_nsources(op), mix = r3_is_mix(op);
    unsigned mask = (1u << n) - 1;
    unsigned sel = r3_field_value(in, R3F_OPSEL) & mask;
    unsigned hi = (r3_field_value(in, R3F_OPSEL_HI) | r3_field_value(in, R3F_OPSEL_HI2) << 2) & mask;
    unsigned neg = r3_field_value(in, R3F_NEG) & mask, neg_hi = r3_field_value(in, R3F_NEG_HI) & mask;
    if (sel && op->print_bits[R3F_OPSEL])
        r3_emit_bits_list(o, "op_sel", sel, n);
    if (hi != (mix ? 0 : mask) && (op->print_bits[R3F_OPSEL_HI] || mix))
        r3_emit_bits_list(o, "op_sel_hi", hi, n);
    if (!mix && neg && op->print_bits[R3F_NEG])
        r3_emit_bits_list(o, "neg_lo", neg, n);
    if (!mix && neg_hi && op->print_bits[R3F_NEG_HI])
        r3_emit_bits_list(o, "neg_hi", neg_hi, n);
    if (r3_field_value(in, R3F_CLAMP))
        r3_emit(o, " clamp");
}

static void r3_emit_flag(r3_out *o, const r3_inst *in, r3_field f, const char *name)
{
    if (r3_formats[in->op->format].field[f].width && r3_field_value(in, f) &&
        (in->op->optional[f] == R3_OPT_PRINTED || in->op->optional[f] == R3_OPT_REQUIRED))
        r3_emit(o, " %s", name);
}

static void r3_emit_cache_bits(r3_out *o, const r3_inst *in)
{
    r3_emit_flag(o, in, R3F_GLC, "glc");
    r3_emit_flag(o, in, R3F_SLC, "slc");
    r3_emit_flag(o, in, R3F_DLC, "dlc");
}

/* With SOFFSET = null and a non-zero offset, LLVM prints the offset in the SOFFSET operand's place. */
static int r3_smem_offset_only(const r3_inst *in)
{
    return r3_field_value(in, R3F_SOFFSET) == 124 && r3_field_value(in, R3F_OFFSET) != 0;
}

static void r3_emit_smem_offset(r3_out *o, const r3_inst *in, int keyword)
{
    int32_t soff = (int32_t)(r3_field_value(in, R3F_OFFSET) << 11) >> 11;
    r3_emit(o, "%s%s0x%x", keyword ? " offset:" : "", soff < 0 ? "-" : "",
            soff < 0 ? (unsigned)-soff : (unsigned)soff);
}

static void r3_emit_smem_tail(r3_out *o, const r3_inst *in)
{
    if (in->op->noperands == 0) /* the cache invalidates ignore their address fields */
        return;
    if (r3_field_value(in, R3F_OFFSET) && !r3_smem_offset_only(in))
        r3_emit_smem_offset(o, in, 1);
    r3_emit_cache_bits(o, in);
}

static void r3_emit_ds_tail(r3_out *o, const r3_inst *in)
{
    unsigned off0 = r3_field_value(in, R3F_OFFSET0), off1 = r3_field_value(in, R3F_OFFSET1);
    if (in->op->optional[R3F_OFFSET1] == R3_OPT_PRINTED && (in->op->traits & R3T_DS_2ADDR)) {
        if (off0)
            r3_emit(o, " offset0:%u", off0);
        if (off1)
            r3_emit(o, " offset1:%u", off1);
    } else if (in->op->optional[R3F_OFFSET0] == R3_OPT_PRINTED && (off0 | (off1 << 8))) {
        if (in->op->traits & R3T_DS_SWIZZLE) {
            char sw[64];
            r3_swizzle_text(off0 | (off1 << 8), sw, sizeof sw);
            r3_emit(o, " offset:%s", sw);
        } else {
            r3_emit(o, " offset:%u", off0 | (off1 << 8));
        }
    }
    r3_emit_flag(o, in, R3F_GDS, "gds");
}

static void r3_emit_buffer_tail(r3_out *o, const r3_inst *in)
{
    if (in->op->noperands == 0) /* the cache invalidates ignore their address fields */
        return;
    if (in->op->format == R3_MTBUF) {
        char fmt[64];
        r3_buffer_format_text(r3_field_value(in, R3F_FMT), fmt, sizeof fmt);
        if (fmt[0])
            r3_emit(o, " format:%s", fmt);
    }
    r3_emit_flag(o, in, R3F_IDXEN, "idxen");
    r3_emit_flag(o, in, R3F_OFFEN, "offen");
    if (r3_field_value(in, R3F_OFFSET))
        r3_emit(o, " offset:%u", r3_field_value(in, R3F_OFFSET));
    r3_emit_cache_bits(o, in);
    r3_emit_flag(o, in, R3F_TFE, "tfe");
}

static void r3_emit_flat_tail(r3_out *o, const r3_inst *in)
{
    int32_t off = (int32_t)(r3_field_value(in, R3F_OFFSET) << 19) >> 19;
    if (in->op->format == R3_FLAT) /* FLAT offsets are unsigned */
        off = (int32_t)r3_field_value(in, R3F_OFFSET);
    if (off)
        r3_emit(o, " offset:%d", off);
    r3_emit_cache_bits(o, in);
}

/* FLAT/GLOBAL atomics with GLC return the old value into VDST, which then prints first. */
int r3_returns_old_value(const r3_inst *in)
{
    const r3_opinfo *op = in->op;
    return (op->format == R3_FLAT || op->format == R3_GLOBAL) && (op->traits & R3T_ATOMIC) &&
           r3_field_value(in, R3F_GLC) && op->noperands >= 2 && op->operand[0].field != R3F_VDST;
}

static void r3_emit_graphics_tail(r3_out *o, const r3_inst *in)
{
    switch (in->op->format) {
    case R3_VINTERP:
        if (r3_field_value(in, R3F_CLAMP))
            r3_emit(o, " clamp");
        r3_emit_opsel(o, in);
        r3_emit(o, " wait_exp:%u", r3_field_value(in, R3F_WAITEXP));
        break;
    case R3_LDSDIR:
        r3_emit(o, " wait_vdst:%u", r3_field_value(in, R3F_WAITVDST));
        break;
    default: /* EXP */
        if (r3_field_value(in, R3F_DONE))
            r3_emit(o, " done");
        if (r3_field_value(in, R3F_ROW))
            r3_emit(o, " row_en");
        break;
    }
}

static const char *const r3_mimg_dim_names[8] = {"1D", "2D", "3D", "CUBE", "1D_ARRAY", "2D_ARRAY", "2D_MSAA",
                                                 "2D_MSAA_ARRAY"};

/* An 8- or 4-SGPR resource: field values count in fours; ttmps from 27, null at 31. */
static void r3_emit_sgpr_quad(r3_out *o, unsigned v, unsigned width)
{
    r3_emit_code(o, v * 4, width, &r3_rules[0], NULL);
}

static void r3_emit_mimg(r3_out *o, const r3_inst *in)
{
    r3_mimg_layout l;
    if (r3_mimg_layout_of(in, &l) != 0)
        return;
    r3_emit(o, " ");
    r3_emit_range(o, "v", l.vdata, l.vdata_width);
    r3_emit(o, ", %s", l.nsa ? "[" : "");
    for (unsigned i = 0; i < l.naddr; i++) {
        r3_emit(o, "%s", i ? ", " : "");
        r3_emit_range(o, "v", l.addr[i], l.addr_width[i]);
    }
    r3_emit(o, "%s, ", l.nsa ? "]" : "");
    r3_emit_sgpr_quad(o, r3_field_value(in, R3F_SRSRC), l.srsrc_width);
    if (l.has_ssamp) {
        r3_emit(o, ", ");
        r3_emit_sgpr_quad(o, r3_field_value(in, R3F_SSAMP), 4);
    }
    if (l.bvh) {
        r3_emit_flag(o, in, R3F_A16, "a16");
        return;
    }
    if (r3_field_value(in, R3F_DMASK))
        r3_emit(o, " dmask:0x%x", r3_field_value(in, R3F_DMASK));
    r3_emit(o, " dim:SQ_RSRC_IMG_%s", r3_mimg_dim_names[r3_field_value(in, R3F_DIM)]);
    static const struct { r3_field f; const char *name; } flags[] = {
        {R3F_UNORM, "unorm"}, {R3F_GLC, "glc"}, {R3F_SLC, "slc"}, {R3F_DLC, "dlc"}, {R3F_R128, "r128"},
        {R3F_A16, "a16"}, {R3F_TFE, "tfe"}, {R3F_LWE, "lwe"}, {R3F_D16, "d16"}};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        r3_emit_flag(o, in, flags[i].f, flags[i].name);
}

static const char *const r3_dpp_ctrl_text[512] = {
#define R3DPPCTRL(v, text) [v] = text,
#include "../../../isa/rdna3/dpp_ctrl.def"
#undef R3DPPCTRL
};

static void r3_emit_dpp_tail(r3_out *o, const r3_inst *in)
{
    uint32_t d = in->dpp_word;
    if (in->dpp == 8) {
        r3_emit(o, " dpp8:[");
        for (int i = 0; i < 8; i++)
            r3_emit(o, "%s%u", i ? "," : "", (d >> (8 + 3 * i)) & 7);
        r3_emit(o, "]%s", r3_field_value(in, R3F_SRC0) == 234 ? " fi:1" : "");
        return;
    }
    r3_emit(o, " %s row_mask:0x%x bank_mask:0x%x", r3_dpp_ctrl_text[(d >> 8) & 0x1ff], d >> 28, (d >> 24) & 15);
    if ((d >> 19) & 1)
        r3_emit(o, " bound_ctrl:1");
    if ((d >> 18) & 1)
        r3_emit(o, " fi:1");
}

size_t r3_print(const r3_inst *in, int wave64, char *buf, size_t size)
{
    r3_out o = {buf, size, 0};
    const r3_opinfo *op = in->op;
    if (size)
        buf[0] = '\0';
    if (in->opy) { /* VOPD: "X :: Y", each half printed from the same words */
        r3_inst half = *in;
        half.opy = NULL;
        size_t n = r3_print(&half, wave64, buf, size);
        half.op = in->opy;
        o.len = n;
        r3_emit(&o, " :: ");
        size_t m = r3_print(&half, wave64, o.len < size ? buf + o.len : NULL, o.len < size ? size - o.len : 0);
        return o.len + m;
    }
    r3_emit(&o, "%s", in->dpp == 16 ? op->dpp16_name : in->dpp == 8 ? op->dpp8_name : op->mnemonic);
    if (op->format == R3_MIMG) {
        r3_emit_mimg(&o, in);
        return o.len;
    }
    int first = 1;
    if (r3_returns_old_value(in)) {
        unsigned w = op->operand[1].width;
        r3_emit(&o, " ");
        r3_emit_range(&o, "v", r3_field_value(in, R3F_VDST), op->traits & R3T_CMPSWAP ? w / 2 : w);
        first = 0;
    }
    for (int i = 0; i < op->noperands; i++) {
        const r3_operand *opd = &op->operand[i];
        if (opd->omit_zero && r3_field_value(in, r3_imm_field(op)) == 0)
            continue;
        /* an export's target and first source are separated by a space only */
        r3_emit(&o, (i || !first) && !(i == 1 && op->operand[0].kind == R3K_TARGET) ? ", " : " ");
        if (op->format == R3_SMEM && opd->field == R3F_SOFFSET && r3_smem_offset_only(in))
            r3_emit_smem_offset(&o, in, 0);
        else
            r3_emit_operand(&o, in, opd, wave64);
    }
    if (in->dpp && op->format != R3_VOP3 && op->format != R3_VOP3P)
        r3_emit_dpp_tail(&o, in);
    switch (op->format) {
    case R3_VOP3:
        r3_emit_vop3_mods(&o, in);
        if (in->dpp)
            r3_emit_dpp_tail(&o, in);
        break;
    case R3_VOP3P:
        r3_emit_vop3p_mods(&o, in);
        if (in->dpp)
            r3_emit_dpp_tail(&o, in);
        break;
    case R3_SMEM:
        r3_emit_smem_tail(&o, in);
        break;
    case R3_DS:
        r3_emit_ds_tail(&o, in);
        break;
    case R3_MUBUF:
    case R3_MTBUF:
        r3_emit_buffer_tail(&o, in);
        break;
    case R3_FLAT:
    case R3_SCRATCH:
    case R3_GLOBAL:
        r3_emit_flat_tail(&o, in);
        break;
    case R3_VINTERP:
    case R3_LDSDIR:
    case R3_EXP:
        r3_emit_graphics_tail(&o, in);
        break;
    default:
        break;
    }
    return o.len;
}
