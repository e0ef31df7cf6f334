public class CaseMappings {
    public static void main(String[] args) {
        for (int c = 0; c <= 0x1FFFF; c++) {
            if (Character.getType(c) == Character.SURROGATE) continue;
            int u = Character.toUpperCase(c), l = Character.toLowerCase(c);
            if (u != c || l != c) System.out.printf("%X\t%X\t%X%n", c, u, l);
        }
    }
}
