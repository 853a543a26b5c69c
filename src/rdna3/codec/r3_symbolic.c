/* RDNA3 symbolic 16-bit operands: the gfx11 field layouts and names, printed as LLVM 19 does. */
#include "r3_symbolic.h"

#include <stdio.h>
#include <string.h>

typedef struct {
    char *buf;
    size_t size, len;
} r3_sym_out;

static void r3_sym_put(r3_sym_out *o, const char *s)
{
    size_t n = strlen(s);
    if (o->len + n + 1 <= o->size) {
        memcpy(o->buf + o->len, s, n + 1);
        o->len += n;
    }
}

/* s_waitcnt: expcnt [2:0], lgkmcnt [9:4], vmcnt [15:10]; counters at their maximum are left
   out unless all are, and bits outside the counters are ignored. */
void r3_waitcnt_text(unsigned v, char *buf, size_t size)
{
    unsigned vm = (v >> 10) & 63, exp = v & 7, lgkm = (v >> 4) & 63;
    int all = vm == 63 && exp == 7 && lgkm == 63;
    r3_sym_out o = {buf, size, 0};
    char t[32];
    buf[0] = '\0';
    if (all || vm != 63) {
        snprintf(t, sizeof t, "vmcnt(%u)", vm);
        r3_sym_put(&o, t);
    }
    if (all || exp != 7) {
        snprintf(t, sizeof t, "%sexpcnt(%u)", o.len ? " " : "", exp);
        r3_sym_put(&o, t);
    }
    if (all || lgkm != 63) {
        snprintf(t, sizeof t, "%slgkmcnt(%u)", o.len ? " " : "", lgkm);
        r3_sym_put(&o, t);
    }
}

const char *const r3_delay_instid_names[16] = {
    "NO_DEP", "VALU_DEP_1", "VALU_DEP_2", "VALU_DEP_3", "VALU_DEP_4", "TRANS32_DEP_1", "TRANS32_DEP_2",
    "TRANS32_DEP_3", "FMA_ACCUM_CYCLE_1", "SALU_CYCLE_1", "SALU_CYCLE_2", "SALU_CYCLE_3"};
const char *const r3_delay_skip_names[8] = {"SAME", "NEXT", "SKIP_1", "SKIP_2", "SKIP_3", "SKIP_4"};

/* s_delay_alu: instid0 [3:0], instskip [6:4], instid1 [10:7]; zero fields are left out. */
void r3_delay_alu_text(unsigned v, char *buf, size_t size)
{
    unsigned f[3] = {v & 15, (v >> 4) & 7, (v >> 7) & 15};
    static const char *const key[3] = {"instid0", "instskip", "instid1"};
    r3_sym_out o = {buf, size, 0};
    char t[64];
    buf[0] = '\0';
    for (int i = 0; i < 3; i++) {
        if (!f[i])
            continue;
        const char *name = i == 1 ? r3_delay_skip_names[f[i]] : r3_delay_instid_names[f[i]];
        if (name)
            snprintf(t, sizeof t, "%s%s(%s)", o.len ? " | " : "", key[i], name);
        else
            snprintf(t, sizeof t, "%s%s(/* invalid %s value */)", o.len ? " | " : "", key[i],
                     i == 1 ? "instskip" : "instid");
        r3_sym_put(&o, t);
    }
    if (!o.len)
        r3_sym_put(&o, "0");
}

const char *r3_sendmsg_name(unsigned id)
{
    switch (id) {
    case 1: return "MSG_INTERRUPT";
    case 2: return "MSG_HS_TESSFACTOR";
    case 3: return "MSG_DEALLOC_VGPRS";
    case 5: return "MSG_STALL_WAVE_GEN";
    case 6: return "MSG_HALT_WAVES";
    case 9: return "MSG_GS_ALLOC_REQ";
    case 128: return "MSG_RTN_GET_DOORBELL";
    case 129: return "MSG_RTN_GET_DDID";
    case 130: return "MSG_RTN_GET_TMA";
    case 131: return "MSG_RTN_GET_REALTIME";
    case 132: return "MSG_RTN_SAVE_WAVE";
    case 133: return "MSG_RTN_GET_TBA";
    case 134: return "MSG_RTN_GET_TBA_TO_PC";
    default: return NULL;
    }
}

/* sendmsg: on gfx11 the message id is the low byte and there are no operations or streams;
   a named id prints by name whatever the high byte holds. */
void r3_sendmsg_text(unsigned v, const char *mnemonic, char *buf, size_t size)
{
    (void)mnemonic;
    const char *name = r3_sendmsg_name(v & 0xff);
    if (name)
        snprintf(buf, size, "sendmsg(%s)", name);
    else if (v < 256)
        snprintf(buf, size, "sendmsg(%u, 0, 0)", v);
    else
        snprintf(buf, size, "%u", v);
}

const char *r3_hwreg_name(unsigned id)
{
    switch (id) {
    case 1: return "HW_REG_MODE";
    case 2: return "HW_REG_STATUS";
    case 3: return "HW_REG_TRAPSTS";
    case 5: return "HW_REG_GPR_ALLOC";
    case 6: return "HW_REG_LDS_ALLOC";
    case 7: return "HW_REG_IB_STS";
    case 15: return "HW_REG_SH_MEM_BASES";
    case 18: return "HW_REG_PERF_SNAPSHOT_PC_LO";
    case 19: return "HW_REG_PERF_SNAPSHOT_PC_HI";
    case 20: return "HW_REG_FLAT_SCR_LO";
    case 21: return "HW_REG_FLAT_SCR_HI";
    case 23: return "HW_REG_HW_ID1";
    case 24: return "HW_REG_HW_ID2";
    case 27: return "HW_REG_PERF_SNAPSHOT_DATA";
    case 29: return "HW_REG_SHADER_CYCLES";
    default: return NULL;
    }
}

/* hwreg: id [5:0], offset [10:6], size-1 [15:11]; offset 0 with size 32 is left out. */
void r3_hwreg_text(unsigned v, char *buf, size_t size)
{
    unsigned id = v & 63, off = (v >> 6) & 31, sz = ((v >> 11) & 31) + 1;
    const char *name = r3_hwreg_name(id);
    char idt[40];
    if (name)
        snprintf(idt, sizeof idt, "%s", name);
    else
        snprintf(idt, sizeof idt, "%u", id);
    if (off == 0 && sz == 32)
        snprintf(buf, size, "hwreg(%s)", idt);
    else
        snprintf(buf, size, "hwreg(%s, %u, %u)", idt, off, sz);
}

const r3_depctr_field r3_depctr_fields[7] = {
    {"depctr_hold_cnt", 7, 1, 1}, {"depctr_sa_sdst", 0, 1, 1}, {"depctr_va_vdst", 12, 4, 15},
    {"depctr_va_sdst", 9, 3, 7},  {"depctr_va_ssrc", 8, 1, 1}, {"depctr_va_vcc", 1, 1, 1},
    {"depctr_vm_vsrc", 2, 3, 7},
};

/* s_waitcnt_depctr: symbolic only when no bit outside the fields is set; default fields are left
   out unless all are default. */
void r3_depctr_text(unsigned v, char *buf, size_t size)
{
    unsigned covered = 0, nondefault = 0;
    for (int i = 0; i < 7; i++) {
        const r3_depctr_field *f = &r3_depctr_fields[i];
        unsigned mask = ((1u << f->width) - 1) << f->lo;
        covered |= mask;
        if (((v & mask) >> f->lo) != f->dflt)
            nondefault = 1;
    }
    if (v & ~covered & 0xffff) {
        snprintf(buf, size, "0x%x", v);
        return;
    }
    r3_sym_out o = {buf, size, 0};
    char t[48];
    buf[0] = '\0';
    for (int i = 0; i < 7; i++) {
        const r3_depctr_field *f = &r3_depctr_fields[i];
        unsigned val = (v >> f->lo) & ((1u << f->width) - 1);
        if (val == f->dflt && nondefault)
            continue;
        snprintf(t, sizeof t, "%s%s(%u)", o.len ? " " : "", f->name, val);
        r3_sym_put(&o, t);
    }
}

static const char *const r3_buffer_formats[128] = {
#define R3BUFFMT(v, name) [v] = name,
#include "../../../isa/rdna3/buffer_formats.def"
#undef R3BUFFMT
};

const char *r3_buffer_format_name(unsigned v)
{
    return v < 128 ? r3_buffer_formats[v] : NULL;
}

void r3_buffer_format_text(unsigned v, char *buf, size_t size)
{
    const char *name = r3_buffer_format_name(v);
    if (v == 1)
        buf[0] = '\0';
    else if (name)
        snprintf(buf, size, "[%s]", name);
    else
        snprintf(buf, size, "%u", v);
}

static const char *r3_uc_version_name(unsigned v)
{
    switch (v) {
    case 0: return "UC_VERSION_GFX7";
    case 4: return "UC_VERSION_GFX10";
    case 6: return "UC_VERSION_GFX11";
    case 9: return "UC_VERSION_GFX12";
    default: return NULL;
    }
}

/* s_version: version [7:0] by name, flag bits 13..15 or-ed on as LLVM's expression printer nests
   them; other bits make the value print as a plain immediate. */
int r3_version_text(unsigned v, char *buf, size_t size)
{
    static const char *const flags[3] = {"UC_VERSION_W64_BIT", "UC_VERSION_W32_BIT", "UC_VERSION_MDP_BIT"};
    if (v & ~0xe0ffu)
        return 0;
    const char *name = r3_uc_version_name(v & 0xff);
    char cur[160], next[200];
    if (name)
        snprintf(cur, sizeof cur, "%s", name);
    else
        snprintf(cur, sizeof cur, "%u", v & 0xff);
    for (int i = 0; i < 3; i++) {
        if (!(v & (0x2000u << i)))
            continue;
        if (strchr(cur, '|'))
            snprintf(next, sizeof next, "(%s)|%s", cur, flags[i]);
        else
            snprintf(next, sizeof next, "%s|%s", cur, flags[i]);
        snprintf(cur, sizeof cur, "%.159s", next);
    }
    snprintf(buf, size, "%s", cur);
    return 1;
}

/* ds_swizzle_b32 offset: QUAD_PERM when [15:8] = 0x80; with bit 15 clear a bitmask permute of
   and [4:0], or [9:5], xor [14:10], printed as SWAP, REVERSE, BROADCAST or a BITMASK_PERM string. */
void r3_swizzle_text(unsigned v, char *buf, size_t size)
{
    if ((v & 0xff00) == 0x8000) {
        snprintf(buf, size, "swizzle(QUAD_PERM,%u,%u,%u,%u)", v & 3, (v >> 2) & 3, (v >> 4) & 3, (v >> 6) & 3);
        return;
    }
    if (v & 0x8000) {
        snprintf(buf, size, "%u", v);
        return;
    }
    unsigned and_ = v & 31, or_ = (v >> 5) & 31, xor_ = (v >> 10) & 31;
    int pop = __builtin_popcount(xor_);
    if (and_ == 31 && or_ == 0 && pop == 1) {
        snprintf(buf, size, "swizzle(SWAP,%u)", xor_);
        return;
    }
    if (and_ == 31 && or_ == 0 && xor_ > 0 && ((xor_ + 1) & xor_) == 0) {
        snprintf(buf, size, "swizzle(REVERSE,%u)", xor_ + 1);
        return;
    }
    for (unsigned group = 32; group > 1; group >>= 1)
        if (xor_ == 0 && and_ == (31 & ~(group - 1)) && or_ < group) {
            snprintf(buf, size, "swizzle(BROADCAST,%u,%u)", group, or_);
            return;
        }
    unsigned p0 = or_ ^ xor_, p1 = ((31 & and_) | or_) ^ xor_;
    char bits[6];
    for (int i = 0; i < 5; i++) {
        unsigned m = 16u >> i;
        bits[i] = (p0 & m) == (p1 & m) ? ((p0 & m) ? '1' : '0') : ((p0 & m) ? 'i' : 'p');
    }
    bits[5] = '\0';
    snprintf(buf, size, "swizzle(BITMASK_PERM,\"%s\")", bits);
}

static const char *const r3_exp_targets[64] = {
#define R3EXPTARGET(v, text) [v] = text,
#include "../../../isa/rdna3/exp_target.def"
#undef R3EXPTARGET
};

const char *r3_exp_target_name(unsigned v)
{
    return v < 64 ? r3_exp_targets[v] : NULL;
}
